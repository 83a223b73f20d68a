/**
 * `carbon inputs custom` through main(), locally and against a real `carbon serve`: a custom
 * input with the company's own custom factor, and bad input refused with cli.md's exit code and
 * nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomInput } from "../../../src/core/model/custom-input.js";
import { bothEngines, type Engine } from "../engines.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e11";
const OTHER = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e12";
const INPUT = "8d2e4f6a-1111-4222-8333-444455556601";
const ACME_FACTOR = "5b6c7d8e-1111-4222-8333-444455556601";
const OTHER_FACTOR = "5b6c7d8e-1111-4222-8333-444455556602";

describe.each(bothEngines)("carbon inputs custom on the %s", (_name, open) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await open();
    for (const [id, name, factor] of [
      [ACME, "Acme", ACME_FACTOR],
      [OTHER, "Other", OTHER_FACTOR],
    ] as const) {
      const company = await engine.carbon(
        "companies",
        "create",
        "--id",
        id,
        "--name",
        name,
        "--country",
        "ES",
      );
      expect(company.code, company.stderr).toBe(0);
      const custom = await engine.carbon(
        "factors",
        "custom",
        "create",
        ...["--company", id, "--category", "electricity", "--unit", "kWh", "--co2e", "0.05"],
        ...["--year", "2024", "--source", "Green tariff disclosure 2024", "--id", factor],
      );
      expect(custom.code, custom.stderr).toBe(0);
    }
    const created = await engine.carbon(
      "inputs",
      "custom",
      "upsert",
      ...["--id", INPUT, "--company", "Acme", "--type", "provider", "--name", "Green tariff"],
      ...["--unit", "kwh", "--custom-factor", ACME_FACTOR, "--json"],
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function stored(): Promise<CustomInput[]> {
    const listed = await engine.carbon("inputs", "custom", "list", "--company", ACME, "--json");
    expect(listed.code, listed.stderr).toBe(0);
    return JSON.parse(listed.stdout);
  }

  it("upsert stores the input with its unit's name and the factor; get and list show it", async () => {
    const got = await engine.carbon("inputs", "custom", "get", INPUT, "--json");
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      id: INPUT,
      companyId: ACME,
      type: "provider",
      name: "Green tariff",
      unit: "kWh",
      customFactorId: ACME_FACTOR,
    });
    expect((await stored()).map((input) => input.id)).toEqual([INPUT]);
  });

  it.each([
    ["an unknown type", ["--type", "coal"], 2, "--type"],
    ["a unit carbon does not know", ["--unit", "furlongs"], 3, "unit"],
    ["another company's custom factor", ["--custom-factor", OTHER_FACTOR], 5, "customFactorId"],
    ["an empty name", ["--name", "  "], 2, "--name"],
  ])("refuses %s with its exit code, and stores nothing", async (_what, change, code, where) => {
    const before = await stored();
    const flags: Record<string, string> = {
      "--id": INPUT,
      "--company": ACME,
      "--type": "fuel",
      "--name": "Changed",
      "--unit": "l",
    };
    for (let i = 0; i < change.length; i += 2) flags[change[i] ?? ""] = change[i + 1] ?? "";
    const outcome = await engine.carbon(
      "inputs",
      "custom",
      "upsert",
      ...Object.entries(flags).flat(),
    );
    expect(outcome.code, outcome.stderr).toBe(code);
    expect(outcome.stderr).toContain(where);
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
    expect(await stored()).toEqual(before);
  });
});
