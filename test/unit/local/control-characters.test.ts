/**
 * Control characters (ESC, BEL, C1) are refused in every text field written: at the field's
 * path through the service, at line and column in imports. Nothing is stored.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { categoryId } from "../../../src/core/ids.js";
import type { GlecEntryInput } from "../../../src/core/model/glec.js";
import { importConsumptions } from "../../../src/import/consumptions.js";
import { importSuppliers } from "../../../src/import/suppliers/import.js";
import { carbonError, consumption, ids, openTemp, seed, tempDir } from "./helpers.js";

const ESC_TITLE = "Madrid\u001b]0;pwned\u0007";
const NOT_PLAIN = "expected text without control characters, got U+001B at character 7";

const glecFixture: GlecEntryInput = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, "../../../fixtures/glec/shipment-zaragoza-rotterdam.json"),
    "utf8",
  ),
);

async function issuesOf(promise: Promise<unknown>) {
  const error = await carbonError(promise);
  expect(error.code).toBe("validation");
  return error.issues.map(({ path, message }) => ({ path, message }));
}

describe("control characters written through the service", () => {
  it("are refused in names, entityId, units, supplier fields, factor sources and GLEC text", async () => {
    const service = await openTemp();
    await seed(service);
    expect(
      await issuesOf(
        service.companies.upsert({ id: ids.gbCompany, name: ESC_TITLE, country: "GB" }),
      ),
    ).toEqual([{ path: "name", message: NOT_PLAIN }]);
    expect(
      await issuesOf(
        service.buildings.upsert({ id: ids.gbBuilding, companyId: ids.gbCompany, name: ESC_TITLE }),
      ),
    ).toEqual([{ path: "name", message: NOT_PLAIN }]);
    expect(
      await issuesOf(service.consumptions.upsert(consumption({ entityId: ESC_TITLE }))),
    ).toEqual([{ path: "entityId", message: NOT_PLAIN }]);
    expect(
      await issuesOf(service.consumptions.upsert(consumption({ unitType: "kWh\u009b" }))),
    ).toEqual([
      {
        path: "unitType",
        message: "expected text without control characters, got U+009B at character 4",
      },
    ]);
    expect(
      await issuesOf(
        service.suppliers.upsert({
          companyId: ids.gbCompany,
          type: "suppliers",
          name: "Iberdrola",
          externalId: "P-1",
          address: "Calle\u0007Mayor 1",
        }),
      ),
    ).toEqual([
      {
        path: "address",
        message: "expected text without control characters, got U+0007 at character 6",
      },
    ]);
    expect(
      await issuesOf(
        service.customFactors.upsert({
          id: "77777777-7777-4777-8777-777777777777",
          companyId: ids.gbCompany,
          categoryId: categoryId("electricity"),
          unit: "kWh",
          co2e: 0.1,
          source: ESC_TITLE,
        }),
      ),
    ).toEqual([{ path: "source", message: NOT_PLAIN }]);
    await service.companies.upsert({ id: glecFixture.companyId, name: "Shipper" });
    const [leg, ...others] = glecFixture.actions;
    if (leg === undefined) throw new Error("the fixture has no leg");
    expect(
      await issuesOf(
        service.glec.submit({
          ...glecFixture,
          actions: [{ ...leg, driver: ESC_TITLE }, ...others],
        }),
      ),
    ).toEqual([{ path: "actions.0.driver", message: NOT_PLAIN }]);
    expect((await service.companies.get(ids.gbCompany)).name).toBe("Acme UK");
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });

  it("are trimmed away at the edges of a name like any whitespace, not refused", async () => {
    const service = await openTemp();
    await seed(service);
    const building = await service.buildings.upsert({
      id: ids.gbBuilding,
      companyId: ids.gbCompany,
      name: "\tLondon office\n",
    });
    expect(building.name).toBe("London office");
  });
});

describe("control characters in imported files", () => {
  it("are the row's error at line and column: entityId, and a building to create", async () => {
    const service = await openTemp();
    await seed(service);
    const file = path.join(tempDir(), "bills.csv");
    fs.writeFileSync(
      file,
      [
        "entityId,building,category,startDate,endDate,quantity,unit",
        "INV-1\u0007,London office,electricity,2024-01-01,2024-01-31,10,kWh",
        `INV-2,${ESC_TITLE},electricity,2024-01-01,2024-01-31,10,kWh`,
        "",
      ].join("\n"),
    );
    const report = await importConsumptions(service, {
      file,
      companyId: ids.gbCompany,
      decimalComma: false,
      dryRun: false,
      skipInvalid: false,
      createBuildings: true,
    });
    expect(report.errors).toEqual([
      {
        line: 2,
        column: "entityId",
        message: "expected text without control characters, got U+0007 at character 6",
      },
      { line: 3, column: "building", message: NOT_PLAIN },
    ]);
    expect((await service.buildings.list({})).pagination.total).toBe(3);
    expect((await service.consumptions.list({})).pagination.total).toBe(0);
  });

  it("are a supplier row's error at line and column", async () => {
    const service = await openTemp();
    await seed(service);
    const file = path.join(tempDir(), "suppliers.csv");
    fs.writeFileSync(file, `name,externalId,type\n${ESC_TITLE},P-1,suppliers\n`);
    const report = await importSuppliers(service, {
      file,
      companyId: ids.gbCompany,
      dryRun: false,
      skipInvalid: false,
    });
    expect(report.errors).toEqual([{ line: 2, column: "name", message: NOT_PLAIN }]);
    expect((await service.suppliers.list({})).pagination.total).toBe(0);
  });
});
