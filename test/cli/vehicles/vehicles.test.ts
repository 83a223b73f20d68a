import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Vehicle } from "../../../src/core/model/vehicle.js";
import { bothEngines, type Engine } from "../engines.js";
import { tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const VAN = "8d2e4f6a-1111-4222-8333-444455556666";
const CAR = "8d2e4f6a-1111-4222-8333-444455556667";

const VAN_FLAGS = [
  "--company",
  "Acme",
  "--name",
  "Delivery van 3",
  "--type",
  "van",
  "--category",
  "LAND_TRANSPORTATION",
  "--fuel",
  "diesel",
  "--ownership",
  "leased",
  "--active-from",
  "2024-01-01",
  "--plate",
  "1234 klm",
];

describe.each(bothEngines)("carbon vehicles on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    const company = await engine.carbon(
      "companies",
      "create",
      "--id",
      ACME,
      "--name",
      "Acme",
      "--country",
      "GB",
    );
    expect(company.code, company.stderr).toBe(0);
    const building = await engine.carbon(
      "buildings",
      "create",
      "--company",
      "Acme",
      "--name",
      "Depot",
    );
    expect(building.code, building.stderr).toBe(0);
    const van = await engine.carbon("vehicles", "create", "--id", VAN, ...VAN_FLAGS, "--json");
    expect(van.stderr).toBe("");
    expect(van.code).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function consumptionCount(): Promise<number> {
    const listed = await engine.carbon(
      "consumptions",
      "list",
      "--company",
      ACME,
      "--all",
      "--json",
    );
    expect(listed.code, listed.stderr).toBe(0);
    return JSON.parse(listed.stdout).length;
  }

  function csv(text: string): string {
    const file = path.join(tempDir(), "fleet.csv");
    fs.writeFileSync(file, `${text}\n`);
    return file;
  }

  it("upsert stores every field; get and list show it", async () => {
    const got = await engine.carbon("vehicles", "get", VAN, "--json");
    expect(got.code, got.stderr).toBe(0);
    const van: Vehicle = JSON.parse(got.stdout);
    expect(van).toMatchObject({
      id: VAN,
      companyId: ACME,
      buildingId: null,
      name: "Delivery van 3",
      licensePlate: "1234 klm",
      vehicleType: "van",
      vehicleCategory: "LAND_TRANSPORTATION",
      fuelType: "diesel",
      ownership: "leased",
      activeFrom: "2024-01-01",
      activeTo: null,
    });
    const table = await engine.carbon("vehicles", "list", "--company", "Acme");
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split("\n")[0]).toBe(
      "id\tcompanyId\tname\tlicensePlate\tvehicleType\tfuelType\townership\tactiveFrom\tactiveTo",
    );
    expect(table.stdout).toContain(
      `${VAN}\t${ACME}\tDelivery van 3\t1234 klm\tvan\tdiesel\tleased\t2024-01-01\t`,
    );
  });

  it("a plate another vehicle has (case, spaces and dashes ignored) is a conflict, exit 6", async () => {
    const flags = VAN_FLAGS.map((flag) => (flag === "1234 klm" ? "1234-KLM" : flag));
    const result = await engine.carbon("vehicles", "create", "--id", CAR, ...flags);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('already has a vehicle with licence plate "1234 klm"');
    expect((await engine.carbon("vehicles", "get", CAR)).code).toBe(5);
  });

  it("an active period that ends before it starts is a validation error, exit 3", async () => {
    const result = await engine.carbon(
      "vehicles",
      "create",
      "--id",
      CAR,
      ...VAN_FLAGS.slice(0, -2),
      "--active-to",
      "2023-12-31",
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'activeTo: expected a date on or after activeFrom 2024-01-01, got "2023-12-31"',
    );
  });

  it("an import with a fleet row error names the line and field, and stores nothing", async () => {
    const file = csv(
      [
        "entityId,building,category,startDate,endDate,quantity,unitType",
        `${VAN},Depot,diesel,2025-01-01,2025-01-31,80.5,l`,
        `${VAN},Depot,diesel,2023-06-01,2023-06-30,75,l`,
        "TRIP-9,Depot,vehicle_distance_diesel,2025-01-01,2025-01-31,900,km",
      ].join("\n"),
    );
    const result = await engine.carbon("consumptions", "import", file, "--company", ACME);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      `line 3, column entityId: vehicle ${VAN} is active from 2024-01-01 to now: the consumption's period 2023-06-01 to 2023-06-30 is not inside it`,
    );
    expect(result.stderr).toContain(
      `line 4, column entityId: "TRIP-9" is not a vehicle of company ${ACME}`,
    );
    expect(await consumptionCount()).toBe(0);
  });

  it("a fleet import is calculated from the vehicle: 80.5 l of diesel x 2.57082 = 206.95101 kg", async () => {
    const file = csv(
      [
        "entityId,building,category,startDate,endDate,quantity,unitType",
        `${VAN},Depot,diesel,2025-01-01,2025-01-31,80.5,l`,
        `${VAN},Depot,vehicle_distance_other,2025-01-01,2025-01-31,900,km`,
      ].join("\n"),
    );
    const result = await engine.carbon("consumptions", "import", file, "--company", ACME);
    expect(result.code, result.stderr).toBe(0);
    const listed = await engine.carbon("emissions", "list", "--company", ACME, "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const emissions: { co2e: number | null; status: string }[] = JSON.parse(listed.stdout);
    const calculated = emissions.filter((emission) => emission.status === "calculated");
    expect(calculated).toHaveLength(1);
    // emission-factors.csv line 15: diesel_fuel GB 2025, 2.57082 kg/l.
    expect(calculated[0]?.co2e).toBeCloseTo(206.95101, 9);
    expect(emissions.filter((emission) => emission.status === "awaiting_factor")).toHaveLength(1);
  });
});
