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

  it("consumptions upsert of the van in km: vehicle_distance_other, awaiting; as petrol: refused, exit 3", async () => {
    const flags = [
      "--company",
      ACME,
      "--building",
      "Depot",
      "--start",
      "2025-02-01",
      "--end",
      "2025-02-28",
      "--entity",
      VAN,
    ];
    const refused = await engine.carbon(
      "consumptions",
      "upsert",
      ...flags,
      "--category",
      "petrol",
      "--quantity",
      "40",
      "--unit",
      "l",
    );
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      `categoryId: vehicle ${VAN} is a diesel van: its consumption in l is category diesel, not petrol`,
    );
    const stored = await engine.carbon(
      "consumptions",
      "upsert",
      ...flags,
      "--category",
      "vehicle_distance_other",
      "--quantity",
      "1200",
      "--unit",
      "km",
      "--json",
    );
    expect(stored.code, stored.stderr).toBe(0);
    expect(JSON.parse(stored.stdout).emission).toMatchObject({
      status: "awaiting_factor",
      scope: 1,
    });
    const deleted = await engine.carbon(
      "consumptions",
      "delete",
      JSON.parse(stored.stdout).consumption.id,
      "--yes",
    );
    expect(deleted.code, deleted.stderr).toBe(0);
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
    const emissions: { co2e: number | null; status: string; line: string }[] = JSON.parse(
      listed.stdout,
    );
    const calculated = emissions.filter((emission) => emission.status === "calculated");
    expect(calculated.map((emission) => emission.line)).toEqual(["direct", "wtt"]);
    // emission-factors.csv line 15: diesel_fuel GB 2025, 2.57082 kg/l.
    expect(calculated[0]?.co2e).toBeCloseTo(206.95101, 9);
    // Its well-to-tank, DESNZ 2025 'WTT- fuels' row 71: 80.5 l x 0.61101 = 49.186305 kg.
    expect(calculated[1]?.co2e).toBeCloseTo(49.186305, 9);
    expect(emissions.filter((emission) => emission.status === "awaiting_factor")).toHaveLength(1);
  });
});

const FLEET = path.join(import.meta.dirname, "../../../fixtures/vehicles/acme-fleet.csv");
const OTHER = "5e2b7c4d-9a1f-4b3e-8c6d-0f1e2a3b4c5d";

describe.each(bothEngines)("carbon vehicles import on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    const company = await engine.carbon(
      "companies",
      "create",
      "--id",
      OTHER,
      "--name",
      "Fleet Co",
      "--country",
      "ES",
    );
    expect(company.code, company.stderr).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function listed(): Promise<Vehicle[]> {
    const result = await engine.carbon("vehicles", "list", "--company", OTHER, "--json");
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  }

  it("a dry run of the example file (BOM, ;) counts four inserts and stores nothing", async () => {
    const result = await engine.carbon(
      "vehicles",
      "import",
      FLEET,
      "--company",
      "Fleet Co",
      "--dry-run",
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/inserted +4\n/);
    expect(result.stderr).toContain("dry run: nothing was stored");
    expect(await listed()).toEqual([]);
  });

  it("imports the example file, then the same file again updates the same four vehicles", async () => {
    const first = await engine.carbon("vehicles", "import", FLEET, "--company", OTHER);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/inserted +4\n/);
    const again = await engine.carbon("vehicles", "import", FLEET, "--company", OTHER);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/updated +4\n/);
    const vehicles = await listed();
    expect(vehicles.map((v) => [v.name, v.licensePlate, v.fuelType, v.activeTo])).toEqual([
      ["Delivery van 3", "1234 KLM", "diesel", null],
      ["Forklift 2", null, "lpg", null],
      ["Pool car", "5678-BCD", "electric", null],
      ["Sales car 1", "9012 FGH", "plug_in_hybrid", "2025-06-14"],
    ]);
  });

  it("bad rows are reported with line and column, and nothing is stored (exit 3)", async () => {
    const file = path.join(tempDir(), "bad.csv");
    fs.writeFileSync(
      file,
      [
        "name,licensePlate,vehicleType,vehicleCategory,fuelType,ownership,activeFrom,activeTo",
        "New van,7777 XYZ,van,LAND_TRANSPORTATION,diesel,owned,2024-01-01,",
        "Rocket,X1,spaceship,LAND_TRANSPORTATION,diesel,owned,2024-13-01,",
        "Car,5555 BCD,passenger_car,LAND_TRANSPORTATION,diesel,owned,2024-01-01,2023-01-01",
        "Same van,77-77 xyz,van,LAND_TRANSPORTATION,diesel,owned,2024-01-01,",
      ].join("\n"),
    );
    const result = await engine.carbon("vehicles", "import", file, "--company", OTHER);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'line 3, column vehicleType: expected one of passenger_car, van, truck, motorbike, bus, machinery, got "spaceship"',
    );
    expect(result.stderr).toContain("line 3, column activeFrom: expected a date YYYY-MM-DD");
    expect(result.stderr).toContain(
      'line 4, column activeTo: expected a date on or after activeFrom 2024-01-01, got "2023-01-01"',
    );
    expect(result.stderr).toContain("line 5, column id: the same vehicle as line 2");
    expect(result.stderr).toContain("nothing was stored because 3 rows were rejected");
    expect(await listed()).toHaveLength(4);
  });

  it("a row the engine refuses (a plate another vehicle has) names its line; nothing is stored", async () => {
    const file = path.join(tempDir(), "taken.csv");
    fs.writeFileSync(
      file,
      [
        "id,name,licensePlate,vehicleType,vehicleCategory,fuelType,ownership,activeFrom",
        "6b0e3c1a-4d2f-4e8a-9c7b-1f2e3d4c5b6a,Forklift 2,1234-klm,machinery,INDUSTRIAL_MACHINERY,lpg,owned,2022-01-10",
      ].join("\n"),
    );
    const result = await engine.carbon("vehicles", "import", file, "--company", OTHER);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^line 2, column licensePlate: company "Fleet Co" .* already has a vehicle with licence plate "1234 KLM"/m,
    );
    const forklift = (await listed()).find((v) => v.name === "Forklift 2");
    expect(forklift?.licensePlate).toBeNull();
  });
});
