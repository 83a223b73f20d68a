import path from "node:path";
import { describe, expect, it } from "vitest";
import { FactorKeysets } from "../../../src/backends/local/factors.js";
import { queriesOn } from "../../../src/backends/local/queries.js";
import { AuditLog } from "../../../src/store/sqlite/audit.js";
import { CategoryCatalog } from "../../../src/store/sqlite/categories.js";
import { CustomFactorRepository } from "../../../src/store/sqlite/custom-factors.js";
import { type Db, openReader } from "../../../src/store/sqlite/database.js";
import { GlecRepository } from "../../../src/store/sqlite/glec.js";
import {
  type Keyset,
  KeysetReader,
  keysetSql,
  type SqlValue,
} from "../../../src/store/sqlite/keyset.js";
import { SupplierRepository } from "../../../src/store/sqlite/suppliers.js";
import { consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

/** A list read as several keysets (one per company), each named. */
function named(
  name: string,
  keysets: readonly Keyset<unknown, unknown>[],
): [string, Keyset<unknown, unknown>][] {
  return keysets.map((keyset, index) => [`${name} (keyset ${index + 1})`, keyset]);
}

/** Every list's keyset, with each shape of filter its command can give. */
async function keysets(): Promise<{ db: Db; all: [string, Keyset<unknown, unknown>][] }> {
  const file = path.join(tempDir(), "carbon.db");
  const service = await openTemp(file);
  await seed(service);
  const db = openReader(file);
  const catalog = new CategoryCatalog(db);
  const { queries, companies, buildings } = queriesOn(db, catalog);
  const custom = new CustomFactorRepository(db, companies);
  const factors = new FactorKeysets(db);
  const suppliers = new SupplierRepository(db, companies);
  const glec = new GlecRepository(db, companies);
  const audit = new AuditLog(db);
  const company = ids.esCompany;
  const all: [string, Keyset<unknown, unknown>][] = [
    ["companies", companies.keyset()],
    ["buildings", buildings.keyset({})],
    ["buildings of a company", buildings.keyset({ companyId: company })],
    ["factors", factors.keyset({})],
    ["factors of a key", factors.keyset({ key: "electricity_grid" })],
    ["factors of a country", factors.keyset({ country: "ES" })],
    ["custom factors", custom.keyset({ companyId: company })],
    ...named("consumptions", queries.consumptionKeysets({})),
    ...named("consumptions of a company", queries.consumptionKeysets({ companyId: company })),
    ...named(
      "consumptions of a building",
      queries.consumptionKeysets({ buildingId: ids.esBuilding }),
    ),
    ...named(
      "consumptions in a window",
      queries.consumptionKeysets({ from: "2024-01-01", to: "2024-12-31" }),
    ),
    ...named("emissions of scopes", queries.emissionKeysets({ scopes: [1, 2] })),
    ...named(
      "emissions of a company in a window",
      queries.emissionKeysets({ companyId: company, from: "2024-01-01", to: "2024-12-31" }),
    ),
    ["suppliers", suppliers.keyset({})],
    ["suppliers of a company", suppliers.keyset({ companyId: company, type: "clients" })],
    ["GLEC entries", glec.keyset({})],
    ["GLEC entries of a company", glec.keyset({ companyId: company })],
    ["audit", audit.keyset({})],
    ["audit of a building", audit.keyset({ buildingId: ids.esBuilding })],
    ["audit of companies", audit.keyset({ companyIds: [company] })],
  ];
  return { db, all };
}

function plan(db: Db, keyset: Keyset<unknown, unknown>, after: boolean): string[] {
  const key: SqlValue[] = after ? keyset.order.map(() => 0) : [];
  return db
    .prepare<SqlValue[], { detail: string }>(`EXPLAIN QUERY PLAN ${keysetSql(keyset, after)}`)
    .all(...keyset.params, ...key, 50)
    .map((row) => row.detail);
}

describe("keyset pages of every list", () => {
  it("read pages in index order (no sort, no OFFSET), each after the first by a seek", async () => {
    const { db, all } = await keysets();
    try {
      for (const [name, keyset] of all) {
        for (const after of [false, true]) {
          const sql = keysetSql(keyset, after);
          expect(sql, name).not.toMatch(/OFFSET/);
          const steps = plan(db, keyset, after);
          expect(steps.join(" | "), name).not.toMatch(/TEMP B-TREE/);
          if (!after) continue;
          // A page after a key seeks to it: every table is searched, none scanned from the start.
          for (const step of steps.filter((line) => /^(SCAN|SEARCH) /.test(line))) {
            expect(step, `${name}: ${steps.join(" | ")}`).toMatch(
              /^SEARCH .* USING (COVERING )?(INDEX|INTEGER PRIMARY KEY)/,
            );
          }
        }
      }
    } finally {
      db.close();
    }
  });

  it("a page after a key starts after it: (a, b) > (?, ?), or < when newest first", () => {
    const keyset: Keyset<unknown, unknown> = {
      select: "SELECT * FROM t",
      where: ["x = ?"],
      params: [1],
      order: ["a", "b"],
      key: () => [],
      decode: (row) => row,
    };
    expect(keysetSql(keyset, false)).toBe("SELECT * FROM t WHERE x = ? ORDER BY a, b LIMIT ?");
    expect(keysetSql(keyset, true)).toBe(
      "SELECT * FROM t WHERE x = ? AND (a, b) > (?, ?) ORDER BY a, b LIMIT ?",
    );
    expect(keysetSql({ ...keyset, where: [], descending: true }, true)).toBe(
      "SELECT * FROM t WHERE (a, b) < (?, ?) ORDER BY a DESC, b DESC LIMIT ?",
    );
  });

  it("a list over every company merges the companies' keysets in list order, a page at a time", async () => {
    const file = path.join(tempDir(), "merged.db");
    const service = await openTemp(file);
    await seed(service);
    // Interleaved dates across companies and buildings, several rows on one start date.
    const days = ["2025-03-01", "2025-01-01", "2025-02-01", "2025-01-01", "2025-03-01"];
    const places = [
      { companyId: ids.gbCompany, buildingId: ids.gbBuilding },
      { companyId: ids.esCompany, buildingId: ids.esBuilding },
      { companyId: ids.esCompany, buildingId: ids.esBuilding2 },
    ];
    let n = 0;
    for (let round = 0; round < 7; round += 1) {
      for (const day of days) {
        for (const place of places) {
          n += 1;
          await service.consumptions.upsert(
            consumption({ ...place, entityId: `E-${n}`, startDate: day, endDate: day }),
          );
        }
      }
    }
    const expected = (await service.emissions.list({ limit: 500 })).data.map((e) => e.id);
    // Each electricity bill has four lines: direct, WTT, T&D losses and their WTT.
    expect(expected).toHaveLength(420);
    const db = openReader(file);
    try {
      const { queries } = queriesOn(db, new CategoryCatalog(db));
      const reader = new KeysetReader(db);
      const keysets = queries.emissionKeysets({});
      expect(keysets).toHaveLength(2);
      const pages = [...reader.merged(keysets, 20)];
      // Pages of consumptions, each with its lines.
      expect(pages.map((page) => page.length)).toEqual([20, 20, 20, 20, 20, 5]);
      expect(pages.flat(2).map((e) => e.id)).toEqual(expected);
      const window = queries.emissionKeysets({ from: "2025-02-01", to: "2025-02-28" });
      const inWindow = [...reader.merged(window, 7)].flat(2).map((e) => e.id);
      const listed = await service.emissions.list({
        from: "2025-02-01",
        to: "2025-02-28",
        limit: 500,
      });
      expect(listed.data).toHaveLength(84);
      expect(inWindow).toEqual(listed.data.map((e) => e.id));
    } finally {
      db.close();
      await service.close();
    }
  });
});
