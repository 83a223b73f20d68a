/**
 * `carbon glec submit` and `glec get` with the ISO 14083 fields, through main(), on a local
 * database file and against a real `carbon serve` on port 0: measured fuel allocated from JSON,
 * NDJSON and CSV files, refused (exit 3, the leg and the field, nothing stored) without what
 * allocation needs, an electric leg on its country's grid, and the RF uplift in its own column.
 * The figures are worked out in test/unit/engine/glec-iso14083.test.ts.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bothEngines, type Engine } from "../engines.js";
import { tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const SHIP_ENTRY = "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a01";
const FLIGHT_ENTRY = "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a02";
const TRAIN_ENTRY = "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a03";

function entry(id: string, action: Record<string, unknown>) {
  return {
    id,
    companyId: ACME,
    startDate: "2025-03-03",
    endDate: "2025-03-12",
    actions: [{ id: `a1000000-0000-4000-8000-${id.slice(-12)}`, ...action }],
  };
}

// 12 t on a container ship burning 0.17 t/km over 2900 km, from a 60,000 t operation.
const container = {
  mode: "sea",
  vehicleType: "CONTAINER_SHIP",
  distance: "2900",
  load: "12",
  loadUnit: "t",
  energyQuantity: "0.17",
  energyQuantityUnit: "t/km",
  totalTransportActivity: "174000000",
};
const CSV_HEADER =
  "entryId,companyId,startDate,endDate,actionId,mode,distance,vehicleType,load,loadUnit,energyQuantity,energyQuantityUnit,totalTransportActivity,totalLoad,loadFactor,payloadCapacity,country";

function write(name: string, text: string): string {
  const file = path.join(tempDir(), name);
  writeFileSync(file, text);
  return file;
}

describe.each(bothEngines)("glec with ISO 14083 fields on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    const company = await engine.carbon("companies", "create", "--id", ACME, "--name", "Acme");
    expect(company.code, company.stderr).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function storedIds(): Promise<string[]> {
    const listed = await engine.carbon("glec", "list", "--company", ACME, "--all", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    return JSON.parse(listed.stdout).map((item: { id: string }) => item.id);
  }

  it.each([
    ["JSON", "ship.json", JSON.stringify(entry(SHIP_ENTRY, container))],
    ["NDJSON", "ship.ndjson", `${JSON.stringify(entry(SHIP_ENTRY, container))}\n`],
    [
      "CSV",
      "ship.csv",
      `${CSV_HEADER}\n${SHIP_ENTRY},${ACME},2025-03-03,2025-03-12,a1000000-0000-4000-8000-${SHIP_ENTRY.slice(-12)},sea,2900,CONTAINER_SHIP,12,t,0.17,t/km,174000000,,,,\n`,
    ],
  ])("allocates the container's share of the ship's fuel from %s", async (_format, name, text) => {
    const file = write(name, text);
    const dry = await engine.carbon("--format", "csv", "glec", "submit", file, "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    const [header, row] = dry.stdout.trim().split("\r\n");
    const cells = Object.fromEntries(
      (header ?? "").split(",").map((column, i) => [column, row?.split(",")[i]]),
    );
    // 493 t x 0.0002 = 0.0986 t x 3869.619 = 381.544 kg WTW (not the ship's 1,907,722 kg)
    expect(Number(cells.allocationShare)).toBeCloseTo(0.0002, 15);
    expect(Number(cells.energy)).toBeCloseTo(0.0986, 12);
    expect(Number(cells.wtwKg)).toBeCloseTo(381.544412694, 6);
    expect(dry.stderr).toContain("WTW 381.544 kg CO2e");

    const stored = await engine.carbon("glec", "submit", file);
    expect(stored.code, stored.stderr).toBe(0);
    const got = await engine.carbon("--json", "glec", "get", SHIP_ENTRY);
    expect(got.code, got.stderr).toBe(0);
    const answer = JSON.parse(got.stdout);
    expect(answer.actions[0].totalTransportActivity).toBe("174000000");
    expect(answer.calculation.legs[0]).toMatchObject({
      allocationBasis: "totalTransportActivity",
      vehicleEnergy: expect.closeTo(493, 9),
      vehicleTransportActivity: 174000000,
    });
    expect(answer.calculation.emissions.wtw).toBeCloseTo(381.544412694, 6);
  });

  it.each([
    [
      "JSON",
      "bare.json",
      JSON.stringify(entry(TRAIN_ENTRY, { ...container, totalTransportActivity: undefined })),
      "actions.0.totalTransportActivity",
    ],
    [
      "CSV",
      "bare.csv",
      `${CSV_HEADER}\n${TRAIN_ENTRY},${ACME},2025-03-03,2025-03-12,a1000000-0000-4000-8000-${TRAIN_ENTRY.slice(-12)},sea,2900,CONTAINER_SHIP,12,t,0.17,t/km,,,,,\n`,
      "line 2, column totalTransportActivity",
    ],
  ])(
    "refuses measured fuel without an allocation in %s: exit 3, the field, nothing stored",
    async (_format, name, text, where) => {
      const before = await storedIds();
      const refused = await engine.carbon("glec", "submit", write(name, text));
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(where);
      expect(refused.stderr).toContain("allocated to the shipment by tonne-km");
      expect(refused.stderr).not.toMatch(/\n\s+at /);
      expect(await storedIds()).toEqual(before);
    },
  );

  it("prices an electric leg on its country's grid, and refuses one with no grid factor", async () => {
    const train = {
      mode: "rail",
      vehicleType: "TRAIN_ELECTRIC",
      distance: "500",
      load: "10",
      loadUnit: "t",
      energyQuantity: "1.2",
      energyQuantityUnit: "kWh/km",
      totalLoad: "10",
    };
    const spain = write("es.json", JSON.stringify(entry(TRAIN_ENTRY, { ...train, country: "ES" })));
    const dry = await engine.carbon("--json", "glec", "submit", spain, "--dry-run");
    expect(dry.code, dry.stderr).toBe(0);
    // 600 kWh x electricity_grid ES 2024 0.125 (EEA) = 75 kg, all WTT
    expect(JSON.parse(dry.stdout)[0]).toMatchObject({
      wtt: 75,
      wtw: 75,
      factorKey: "electricity_grid",
    });
    const japan = write("jp.json", JSON.stringify(entry(TRAIN_ENTRY, { ...train, country: "JP" })));
    const refused = await engine.carbon("glec", "submit", japan);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("actions.0.country");
    expect(refused.stderr).toContain(
      "awaiting factor: the factor library has no electricity_grid factor for JP",
    );
    expect(await storedIds()).not.toContain(TRAIN_ENTRY);
  });

  it("reports the RF uplift in its own column and line, not in TTW or WTW", async () => {
    const flight = {
      mode: "air",
      vehicleType: "FREIGHTER_LONG_HAUL",
      distance: "1000",
      load: "10",
      loadUnit: "t",
      toc: "AIR_LONG_HAUL_RF",
    };
    const file = write("flight.json", JSON.stringify(entry(FLIGHT_ENTRY, flight)));
    const stored = await engine.carbon("glec", "submit", file);
    expect(stored.code, stored.stderr).toBe(0);
    const got = await engine.carbon("--format", "csv", "glec", "get", FLIGHT_ENTRY);
    expect(got.code, got.stderr).toBe(0);
    const [header, row] = got.stdout.trim().split("\r\n");
    const cells = Object.fromEntries(
      (header ?? "").split(",").map((column, i) => [column, row?.split(",")[i]]),
    );
    // 10000 tkm: TTW 5313, WTW 6664.6 without RF; RF uplift 10000 x (0.89939 - 0.5313) = 3680.9
    expect(Number(cells.ttwKg)).toBeCloseTo(5313, 9);
    expect(Number(cells.wtwKg)).toBeCloseTo(6664.6, 9);
    expect(Number(cells.rfUpliftKg)).toBeCloseTo(3680.9, 9);
    const listed = await engine.carbon("--format", "csv", "glec", "list", "--company", ACME);
    expect(listed.stdout).toContain("rfUpliftKg");
    const dry = await engine.carbon("glec", "submit", file, "--dry-run");
    expect(dry.stderr).toContain("RF uplift 3680.9 kg CO2e, apart (not in TTW or WTW)");
  });
});
