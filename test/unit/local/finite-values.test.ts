/**
 * Numbers that would overflow: quantities, factors and GLEC legs have bounds, nothing not finite
 * is ever stored, and an infinity stored before the bounds existed no longer makes totals null.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { localMigrations } from "../../../src/backends/local/plain-resources.js";
import { categoryId } from "../../../src/core/ids.js";
import type { GlecEntryInput } from "../../../src/core/model/glec.js";
import { importConsumptions } from "../../../src/import/consumptions.js";
import { openDatabase } from "../../../src/store/sqlite/database.js";
import { latestVersion, migrate } from "../../../src/store/sqlite/migrations.js";
import { carbonError, consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

const glecFixture: GlecEntryInput = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, "../../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);

/** Runs SQL on the file through a connection of its own, as an older carbon would have. */
function raw(file: string, sql: string): void {
  const db = new Database(file);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

async function setup() {
  const service = await openTemp();
  await seed(service);
  return service;
}

describe("quantities", () => {
  it("an upsert of 1e308 MWh is refused at quantity, nothing stored", async () => {
    const service = await setup();
    const error = await carbonError(
      service.consumptions.upsert(consumption({ quantity: 1e308, unitType: "MWh" })),
    );
    expect(error.code).toBe("validation");
    expect(error.issues).toEqual([
      {
        path: "quantity",
        message:
          "expected a quantity of at most 1000000000000 (10^12) in its unit, got 1e+308: a typo or a stray exponent?",
      },
    ]);
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });

  it("accepts the bound itself", async () => {
    const service = await setup();
    const result = await service.consumptions.upsert(
      consumption({ quantity: 1e12, unitType: "GWh" }),
    );
    expect(Number.isFinite(result.emission.co2e)).toBe(true);
  });

  it("a CSV row of 1e308 MWh is the row's error at its line and column", async () => {
    const service = await setup();
    const file = path.join(tempDir(), "bills.csv");
    fs.writeFileSync(
      file,
      "building,category,startDate,endDate,quantity,unit\nLondon office,electricity,2024-03-01,2024-03-31,1e308,MWh\n",
    );
    const report = await importConsumptions(service, {
      file,
      companyId: ids.gbCompany,
      decimalComma: false,
      dryRun: false,
      skipInvalid: false,
      createBuildings: false,
    });
    expect(report.errors).toEqual([
      {
        line: 2,
        column: "quantity",
        message:
          "expected a quantity of at most 1000000000000 (10^12) in its unit, got 1e+308: a typo or a stray exponent?",
      },
    ]);
    expect(report.committed).toBe(false);
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });

  it("a session write whose emission would not be finite is refused at rows.<i>.quantity", async () => {
    const service = await setup();
    const session = await service.consumptions.openImport({ dryRun: false });
    // Sessions take rows already validated; this one skips the bounds on purpose.
    const error = await carbonError(
      session.write([consumption(), consumption({ quantity: 1e307, unitType: "GWh" })]),
    );
    await session.abort();
    expect(error.code).toBe("validation");
    expect(error.issues).toEqual([
      {
        path: "rows.1.quantity",
        message:
          "1e+307 GWh gives a convertedQuantity that is not a finite number: expected a smaller quantity",
      },
    ]);
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });
});

describe("custom factors", () => {
  it("refuses a factor above 1e9 kg per unit", async () => {
    const service = await setup();
    const error = await carbonError(
      service.customFactors.upsert({
        id: "77777777-7777-4777-8777-777777777777",
        companyId: ids.gbCompany,
        categoryId: categoryId("electricity"),
        unit: "kWh",
        co2e: 1e300,
        source: "typo",
      }),
    );
    expect(error.code).toBe("validation");
    expect(error.issues[0]).toEqual({
      path: "co2e",
      message: "expected at most 1000000000 kg per unit (10^9)",
    });
  });

  it("recalculates a quantity stored before the bounds as awaiting_factor, not infinity", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const service = await openTemp(file);
    await seed(service);
    const bill = consumption();
    await service.consumptions.upsert(bill);
    raw(file, `UPDATE consumptions SET quantity = 1e308, unit = 'MWh' WHERE id = '${bill.id}'`);
    await service.customFactors.upsert({
      id: "77777777-7777-4777-8777-777777777777",
      companyId: ids.gbCompany,
      categoryId: categoryId("electricity"),
      unit: "kWh",
      co2e: 0.1,
      source: "supplier disclosure",
    });
    // Every line of the bill (direct, WTT, T&D losses, their WTT) waits for the correction.
    const lines = (await service.emissions.list({})).data;
    expect(lines.map((line) => [line.line, line.status])).toEqual([
      ["direct", "awaiting_factor"],
      ["wtt", "awaiting_factor"],
      ["td_losses", "awaiting_factor"],
      ["td_losses_wtt", "awaiting_factor"],
    ]);
    const summary = await service.emissions.summarize({ groupBy: [] });
    expect(JSON.stringify(summary)).not.toContain("null");
    expect(summary.totals.awaitingFactor).toBe(4);
  });
});

describe("emissions stored as infinity by an older carbon", () => {
  it("become awaiting_factor when the database is opened (migration 10): totals are numbers", async () => {
    const file = path.join(tempDir(), "carbon.db");
    const first = await openLocalService({ path: file });
    await seed(first);
    const bad = consumption();
    await first.consumptions.upsert(bad);
    await first.consumptions.upsert(consumption({ quantity: 10 }));
    await first.close();
    raw(
      file,
      `UPDATE consumptions SET quantity = 1e308, unit = 'MWh', co2e = 9e999, co2e_market = 9e999,
         converted_quantity = 9e999 WHERE id = '${bad.id}';
       PRAGMA user_version = 9;`,
    );
    // What an older carbon left, upgraded by the migration that repairs it (the later ones,
    // already applied above, are not run twice).
    const upgrading = openDatabase(file);
    migrate(
      upgrading,
      file,
      localMigrations.filter((m) => m.version === 10),
    );
    upgrading.pragma(`user_version = ${latestVersion(localMigrations)}`);
    upgrading.close();
    const service = await openTemp(file);
    const emission = (await service.emissions.list({})).data.find(
      (e) => e.consumptionId === bad.id,
    );
    expect(emission?.status).toBe("awaiting_factor");
    const summary = await service.emissions.summarize({ groupBy: ["month"] });
    expect(Number.isFinite(summary.totals.co2e)).toBe(true);
    expect(summary.totals.awaitingFactor).toBe(1);
    const quantities = await service.consumptions.summarize({});
    expect(JSON.stringify(quantities)).not.toContain("null");
  });
});

describe("GLEC legs", () => {
  it("refuse a distance, load or energy rate beyond the bounds, at the action's field", async () => {
    const service = await openTemp();
    await service.companies.upsert({ id: glecFixture.companyId, name: "Shipper" });
    const [leg, ...others] = glecFixture.actions;
    if (leg === undefined) throw new Error("the fixture has no leg");
    const entry = {
      ...glecFixture,
      actions: [
        { ...leg, distance: `1${"0".repeat(400)}`, load: "2000000", loadUnit: "t" as const },
        ...others,
      ],
    };
    const error = await carbonError(service.glec.submit(entry));
    expect(error.code).toBe("validation");
    expect(error.issues.map((issue) => issue.path)).toEqual([
      "actions.0.distance",
      "actions.0.load",
    ]);
    expect((await service.glec.list({})).pagination.total).toBe(0);
  });
});
