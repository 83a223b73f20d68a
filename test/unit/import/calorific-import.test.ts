/**
 * A Spanish utility's CSV through the local engine: a gas bill in m3 with the kWh per m3 it
 * prints (decimal comma), a quantity stated in kWh PCI, and a kwhPerM3 where it has no meaning.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openLocalService } from "../../../src/backends/local/open.js";
import { newId } from "../../../src/core/ids.js";
import type { CarbonService } from "../../../src/core/service.js";
import { importConsumptions } from "../../../src/import/consumptions.js";

let dir: string;
let service: CarbonService;
let companyId: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
  service = await openLocalService({ path: path.join(dir, "carbon.db") });
  companyId = newId();
  await service.companies.upsert({ id: companyId, name: "Acme Iberia", country: "ES" });
});

afterEach(async () => {
  await service.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function csv(lines: readonly string[]): string {
  const file = path.join(dir, "facturas.csv");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const HEADER = "entityId;building;country;category;startDate;endDate;quantity;unit;kwhPerM3";

describe("kwhPerM3 and calorific units in a consumption CSV", () => {
  it("prices the bill's m3 at its kWh per m3 and kWh PCI on the net heating value", async () => {
    const file = csv([
      HEADER,
      "F-1;Madrid;ES;natural_gas;2024-02-01;2024-02-29;250;m3;11,63",
      "F-2;Madrid;ES;natural_gas;2024-03-01;2024-03-31;1000;kWh PCI;",
    ]);
    const report = await importConsumptions(service, {
      file,
      companyId,
      decimalComma: true,
      dryRun: false,
      skipInvalid: false,
      createBuildings: true,
    });
    expect(report).toMatchObject({ inserted: 2, rejected: 0 });
    const consumptions = (await service.consumptions.list({ companyId })).data;
    expect(consumptions.map((c) => [c.entityId, c.unitType, c.kwhPerM3])).toEqual([
      ["F-1", "m3", 11.63],
      ["F-2", "kWh_ncv", undefined],
    ]);
    // The direct lines (each bill also has a natural gas well-to-tank line)
    const emissions = (await service.emissions.list({ companyId })).data.filter(
      (e) => e.line === "direct",
    );
    // MITECO V31 natural gas 2024, 0.182 kg/kWh PCS in AR6, restated in the database's AR5 set from
    // its gases: 0.182 kg CO2 + 0.000016 kg CH4 × 28 + 0 N2O = 0.182448 kg/kWh.
    // F-1: 250 m3 × 11.63 = 2,907.5 kWh PCS × 0.182448 = 530.46756 kg
    expect(emissions[0]?.co2e).toBeCloseTo(530.46756, 9);
    // F-2: 1,000 kWh PCI × 1.10783692207 (units.csv gross/net) × 0.182448 = 202.122630758 kg
    expect(emissions[1]?.co2e).toBeCloseTo(202.122630758, 8);
  });

  it("rejects a kwhPerM3 on electricity and out of range, naming line and column", async () => {
    const file = csv([
      HEADER,
      "F-3;Madrid;ES;electricity;2024-03-01;2024-03-31;1000;kWh;11",
      "F-4;Madrid;ES;natural_gas;2024-03-01;2024-03-31;100;m3;116,3",
    ]);
    const report = await importConsumptions(service, {
      file,
      companyId,
      decimalComma: true,
      dryRun: false,
      skipInvalid: true,
      createBuildings: true,
    });
    expect(report.rejected).toBe(2);
    expect(report.errors.map((p) => [p.line, p.column, p.message])).toEqual([
      [
        2,
        "kwhPerM3",
        "kwhPerM3 converts a natural-gas volume to energy; category electricity is not natural gas: leave it empty",
      ],
      [3, "kwhPerM3", 'expected kWh per m3 between 1 and 50, got "116,3"'],
    ]);
  });
});
