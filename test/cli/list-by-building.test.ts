/**
 * `list --building` of vehicles, certificates and invoices (repeatable) through main(), on a local database file and
 * against a real `carbon serve` on port 0: a building's id or name keeps that building's
 * records only, with `--all` too; an unknown building is not found (exit 5).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bothEngines, type Engine } from "./engines.js";

const ACME = "4c000000-0000-4000-8000-000000000001";
const MADRID = "4c000000-0000-4000-8000-0000000000b1";
const DEPOT = "4c000000-0000-4000-8000-0000000000b2";
const UNKNOWN = "4c000000-0000-4000-8000-0000000000bf";
const VAN = "4c000000-0000-4000-8000-0000000000a1";
const TRUCK = "4c000000-0000-4000-8000-0000000000a2";
const POOL_CAR = "4c000000-0000-4000-8000-0000000000a3";
const MADRID_GO = "4c000000-0000-4000-8000-0000000000c1";
const DEPOT_GO = "4c000000-0000-4000-8000-0000000000c2";
const LAB = "4c000000-0000-4000-8000-0000000000b3";
/** One invoice of each building: Madrid's, the depot's and the lab's. */
const INVOICES = [1, 2, 3].map((n) => `4c000000-0000-4000-8000-0000000000d${n}`);

describe.each(bothEngines)("list --building on the %s", (_name, open) => {
  let engine: Engine;
  const ok = async (...args: string[]) => {
    const outcome = await engine.carbon(...args);
    expect(outcome.code, outcome.stderr).toBe(0);
    return outcome;
  };
  /** The ids a list prints as json. */
  const ids = async (...args: string[]): Promise<string[]> =>
    JSON.parse((await ok(...args, "--json")).stdout).map((record: { id: string }) => record.id);

  beforeAll(async () => {
    engine = await open();
    await ok("companies", "create", "--id", ACME, "--name", "Acme", "--country", "ES");
    for (const [id, name] of [
      [MADRID, "Madrid HQ"],
      [DEPOT, "Depot"],
      [LAB, "Lab"],
    ] as const) {
      await ok("buildings", "create", "--id", id, "--company", "Acme", "--name", name);
    }
    for (const [id, name, building] of [
      [VAN, "Delivery van", ["--building", "Madrid HQ"]],
      [TRUCK, "Truck", ["--building", DEPOT]],
      [POOL_CAR, "Pool car", []],
    ] as const) {
      await ok(
        ...["vehicles", "create", "--id", id, "--company", "Acme", "--name", name, ...building],
        ...["--type", "van", "--category", "LAND_TRANSPORTATION", "--fuel", "diesel"],
        ...["--ownership", "owned", "--active-from", "2024-01-01"],
      );
    }
    for (const [id, building, cancellation] of [
      [MADRID_GO, MADRID, "GDO-2024-1"],
      [DEPOT_GO, DEPOT, "GDO-2024-2"],
    ] as const) {
      await ok(
        ...["certificates", "create", "--id", id, "--company", "Acme", "--building", building],
        ...["--mwh", "4", "--from", "2024-01-01", "--to", "2024-01-31", "--technology", "solar"],
        ...["--issuing-body", "CNMC", "--cancellation-id", cancellation, "--country", "ES"],
      );
    }
    for (const [index, building] of [MADRID, DEPOT, LAB].entries()) {
      await ok(
        ...["invoices", "upsert", "--id", INVOICES[index] ?? "", "--company", "Acme"],
        ...["--building", building, "--type", "electricity", "--start", "2025-01-01"],
        ...["--end", "2025-01-31", "--total-cost", "180", "--currency", "EUR", "--line", "900:kWh"],
      );
    }
  });
  afterAll(async () => {
    await engine.close();
  });

  it("vehicles list --building keeps the building's vehicles, by id or name, with --all too", async () => {
    expect(await ids("vehicles", "list", "--company", "Acme")).toHaveLength(3);
    expect(await ids("vehicles", "list", "--company", "Acme", "--building", "madrid hq")).toEqual([
      VAN,
    ]);
    expect(await ids("vehicles", "list", "--building", DEPOT, "--all")).toEqual([TRUCK]);
  });

  it("certificates list --building keeps the building's certificates, by id or name, with --all too", async () => {
    expect(await ids("certificates", "list", "--company", "Acme")).toHaveLength(2);
    expect(await ids("certificates", "list", "--company", "Acme", "--building", "Depot")).toEqual([
      DEPOT_GO,
    ]);
    expect(await ids("certificates", "list", "--building", MADRID, "--all")).toEqual([MADRID_GO]);
  });

  it("invoices list --building, repeated, keeps the invoices of any of the buildings", async () => {
    const list = (...flags: string[]) => ids("invoices", "list", "--company", "Acme", ...flags);
    expect(await list()).toHaveLength(3);
    expect(await list("--building", "Lab")).toEqual([INVOICES[2]]);
    expect((await list("--building", "Madrid HQ", "--building", DEPOT, "--all")).sort()).toEqual(
      [INVOICES[0], INVOICES[1]].sort(),
    );
  });

  it.each([
    ["invoices", UNKNOWN, `building ${UNKNOWN} not found`],
    ["vehicles", UNKNOWN, `building ${UNKNOWN} not found`],
    ["certificates", UNKNOWN, `building ${UNKNOWN} not found`],
    ["vehicles", "Nowhere", 'no building named "Nowhere"'],
  ])("%s list --building %s is not found (exit 5)", async (resource, building, message) => {
    const outcome = await engine.carbon(
      resource,
      "list",
      "--company",
      "Acme",
      "--building",
      building,
    );
    expect(outcome.code, outcome.stderr).toBe(5);
    expect(outcome.stderr).toContain(message);
    expect(outcome.stdout).toBe("");
  });
});
