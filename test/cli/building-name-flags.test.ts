/**
 * `--building` of the resources on the framework takes a building's id or its name, looked up
 * in the company the flags name (as the other commands take names wherever they take ids).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bothEngines, type Engine } from "./engines.js";

const ACME = "4b000000-0000-4000-8000-000000000001";
const OTHER = "4b000000-0000-4000-8000-000000000002";
const PLANT = "4b000000-0000-4000-8000-0000000000b1";

describe.each(bothEngines)("--building by name on the %s", (_name, open) => {
  let engine: Engine;
  const ok = async (...args: string[]) => {
    const outcome = await engine.carbon(...args);
    expect(outcome.code, outcome.stderr).toBe(0);
    return outcome;
  };

  beforeAll(async () => {
    engine = await open();
    await ok("companies", "create", "--id", ACME, "--name", "Acme", "--country", "ES");
    await ok("companies", "create", "--id", OTHER, "--name", "Other", "--country", "ES");
    await ok("buildings", "create", "--id", PLANT, "--company", "Acme", "--name", "Plant");
    // Another company's building of the same name: the company the flags name decides.
    await ok("buildings", "create", "--company", "Other", "--name", "Plant");
  });
  afterAll(async () => {
    await engine.close();
  });

  it("an upsert and a list filter take the building's name in the company", async () => {
    const created = await ok(
      ...["effluents", "create", "--company", "Acme", "--building", "plant", "--type", "limit"],
      ...["--parameter", "COD", "--value", "125", "--unit", "mg/L", "--year", "2025", "--json"],
    );
    expect(JSON.parse(created.stdout)).toMatchObject({ buildingId: PLANT });
    const listed = await ok(
      ...["effluents", "list", "--company", "Acme", "--building", "Plant", "--json"],
    );
    expect(JSON.parse(listed.stdout)).toMatchObject([{ buildingId: PLANT, parameter: "COD" }]);
  });

  it("an unknown name is not found (exit 5), and nothing is stored", async () => {
    const refused = await engine.carbon(
      ...["vehicles", "create", "--company", "Acme", "--building", "Warehouse", "--name", "Van"],
      ...["--type", "van", "--category", "LAND_TRANSPORTATION", "--fuel", "diesel"],
      ...["--ownership", "owned", "--active-from", "2024-01-01"],
    );
    expect(refused.code).toBe(5);
    expect(refused.stderr).toMatch(/no building named "Warehouse" in company/);
    expect(JSON.parse((await ok("vehicles", "list", "--json")).stdout)).toEqual([]);
  });
});
