/**
 * The local move is one transaction: a failure injected in the middle of it (a SQLite trigger
 * this test creates, raising on the Nth write) leaves every table exactly as it was.
 */
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { categoryId } from "../../../src/core/ids.js";
import { consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

const BILBAO = ids.esBuilding2;
const GB_FACTOR = 0.3;

/** Everything a move writes, as plain rows. */
function snapshot(db: Database.Database): unknown {
  const all = (sql: string) => db.prepare(sql).raw(true).all();
  return {
    buildings: all("SELECT * FROM buildings ORDER BY ref"),
    consumptions: all("SELECT * FROM consumptions ORDER BY rowid"),
    provenance: all("SELECT * FROM emission_provenance ORDER BY ref"),
    audit: all("SELECT * FROM audit_log ORDER BY seq"),
  };
}

async function setUp() {
  const file = path.join(tempDir(), "carbon.db");
  const service = await openTemp(file);
  await seed(service);
  for (const buildingId of [ids.esBuilding, BILBAO]) {
    for (const month of ["01", "02"]) {
      await service.consumptions.upsert(
        consumption({
          companyId: ids.esCompany,
          buildingId,
          startDate: `2025-${month}-01T00:00:00.000Z`,
          endDate: `2025-${month}-28T00:00:00.000Z`,
          quantity: 1000,
        }),
      );
    }
  }
  await service.customFactors.upsert({
    id: "66666666-6666-4666-8666-666666666666",
    companyId: ids.gbCompany,
    categoryId: categoryId("electricity"),
    basis: "location",
    year: null,
    unit: "kWh",
    co2e: GB_FACTOR,
    source: "GB company's own factor",
  });
  const probe = new Database(file);
  return { service, probe };
}

const failures: readonly (readonly [string, string])[] = [
  [
    "the second building's row",
    `CREATE TRIGGER fail BEFORE UPDATE OF company_ref ON buildings
       WHEN NEW.id = '${BILBAO}' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  ],
  [
    "the second building's consumptions",
    `CREATE TRIGGER fail BEFORE UPDATE OF company_ref ON consumptions
       WHEN NEW.building_ref = (SELECT ref FROM buildings WHERE id = '${BILBAO}')
       BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  ],
  [
    "the third emission recalculated",
    `CREATE TABLE hits (n INTEGER NOT NULL); INSERT INTO hits VALUES (0);
     CREATE TRIGGER count_hits AFTER UPDATE OF co2e ON consumptions
       BEGIN UPDATE hits SET n = n + 1; END;
     CREATE TRIGGER fail BEFORE UPDATE OF co2e ON consumptions WHEN (SELECT n FROM hits) >= 2
       BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  ],
  [
    "the audit record of the second building",
    `CREATE TRIGGER fail BEFORE INSERT ON audit_log WHEN NEW.building_id = '${BILBAO}'
       BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  ],
];

describe("buildings move on the local engine", () => {
  it.each(failures)("rolls everything back when %s fails", async (_label, trigger) => {
    const { service, probe } = await setUp();
    try {
      const before = snapshot(probe);
      probe.exec(trigger);
      await expect(
        service.buildings.move({ buildingIds: [ids.esBuilding, BILBAO], companyId: ids.gbCompany }),
      ).rejects.toThrow("injected failure");
      probe.exec("DROP TRIGGER fail");
      expect(snapshot(probe)).toEqual(before);
      expect((await service.buildings.get(ids.esBuilding)).companyId).toBe(ids.esCompany);

      // The service is still sound: the same move now goes through, with fresh caches.
      const result = await service.buildings.move({
        buildingIds: [ids.esBuilding, BILBAO],
        companyId: ids.gbCompany,
      });
      expect(result.totals).toMatchObject({ moved: 2, consumptions: 4, emissions: 4 });
      const emissions = await service.emissions.list({ companyId: ids.gbCompany });
      const direct = emissions.data.filter((e) => e.line === "direct");
      // 1,000 kWh x 0.3 kgCO2e/kWh, the GB company's own factor, for each moved consumption.
      expect(direct.map((e) => e.co2e)).toEqual([300, 300, 300, 300]);
      // Their category 3 lines follow the building's country: Madrid HQ now takes the GB
      // company's (DESNZ 2025: 1000 kWh x 0.0459, x 0.01853, x 0.00397); Bilbao stays in ES,
      // where the library has none of them.
      const derived = emissions.data.filter((e) => e.line !== "direct").map((e) => e.co2e);
      const gb = [45.9, 18.53, 3.97];
      const es = [null, null, null];
      // In list order: Madrid HQ and Bilbao in January, then both in February.
      const expected = [...gb, ...es, ...gb, ...es];
      expect(derived).toHaveLength(expected.length);
      expected.forEach((kg, i) => {
        if (kg === null) expect(derived[i]).toBeNull();
        else expect(derived[i]).toBeCloseTo(kg, 9);
      });
    } finally {
      probe.close();
    }
  });

  it("stores nothing on a dry run, and names the OS user in the audit trail", async () => {
    const { service, probe } = await setUp();
    try {
      const before = snapshot(probe);
      const plan = await service.buildings.move({
        buildingIds: [ids.esBuilding],
        companyId: ids.gbCompany,
        dryRun: true,
      });
      expect(plan.buildings[0]).toMatchObject({ action: "move", co2eAfter: 2 * 1000 * GB_FACTOR });
      expect(snapshot(probe)).toEqual(before);

      await service.buildings.move({ buildingIds: [ids.esBuilding], companyId: ids.gbCompany });
      const [record] = (await service.audit.list({})).data;
      expect(record?.actor).toBe(os.userInfo().username);
      expect(record?.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    } finally {
      probe.close();
    }
  });

  it("records the actor it is given (the server passes its token's user)", async () => {
    const { service, probe } = await setUp();
    probe.close();
    await service.buildings.move({
      buildingIds: [BILBAO],
      companyId: ids.gbCompany,
      actor: "admin@example.com",
    });
    const page = await service.audit.list({ companyIds: [ids.esCompany], buildingId: BILBAO });
    expect(
      page.data.map((r) => [
        r.actor,
        "fromCompanyId" in r && r.fromCompanyId,
        "toCompanyId" in r && r.toCompanyId,
      ]),
    ).toEqual([["admin@example.com", ids.esCompany, ids.gbCompany]]);
  });
});
