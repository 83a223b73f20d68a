/**
 * Consumptions naming a custom input (`provider`, `fuelType`) through main(), locally and
 * against a real `carbon serve`: each of two tariffs of one company prices its own consumptions,
 * the reference is answered, a change of the input's factor recalculates them, and bad
 * references are refused with cli.md's exit code and nothing stored.
 * Location-based: UK grid electricity 2025, 0.177 kgCO2e/kWh (DESNZ 2025 full set v1, sheet
 * 'UK electricity' row 26; fixtures/factors/emission-factors.csv line 27). Market-based: the
 * tariffs' own disclosed factors, 0.05 and 0.01 kgCO2e/kWh (custom factors of the test).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bothEngines, type Engine } from "../engines.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e21";
const OTHER = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e22";
const TARIFF_A = "8d2e4f6a-1111-4222-8333-444455556621";
const TARIFF_B = "8d2e4f6a-1111-4222-8333-444455556622";
const DIESEL = "8d2e4f6a-1111-4222-8333-444455556623";
const FACTOR_A = "5b6c7d8e-1111-4222-8333-444455556621";
const FACTOR_B = "5b6c7d8e-1111-4222-8333-444455556622";
const UNKNOWN = "8d2e4f6a-1111-4222-8333-4444555566ff";
const C1 = "c0000000-1111-4222-8333-444455556621";
const C2 = "c0000000-1111-4222-8333-444455556622";

describe.each(bothEngines)("consumptions naming a custom input on the %s", (_name, open) => {
  let engine: Engine;

  const electricity = (id: string, month: string, ...extra: string[]) =>
    engine.carbon(
      "consumptions",
      "upsert",
      ...["--id", id, "--company", ACME, "--building", "HQ", "--category", "electricity"],
      ...["--start", `2025-${month}-01`, "--end", `2025-${month}-28`, "--quantity", "5000"],
      ...["--unit", "kWh", ...extra, "--json"],
    );

  async function marketOf(id: string): Promise<number> {
    const listed = await engine.carbon("emissions", "list", "--company", ACME, "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const emission = JSON.parse(listed.stdout).find(
      (e: { consumptionId: string }) => e.consumptionId === id,
    );
    return emission.co2eMarketBased;
  }

  async function count(): Promise<number> {
    const listed = await engine.carbon("consumptions", "list", "--company", ACME, "--json");
    return JSON.parse(listed.stdout).length;
  }

  beforeAll(async () => {
    engine = await open();
    for (const [id, name] of [
      [ACME, "Acme"],
      [OTHER, "Other"],
    ] as const) {
      expect((await engine.carbon("companies", "create", "--id", id, "--name", name)).code).toBe(0);
    }
    const building = await engine.carbon(
      "buildings",
      "create",
      ...["--company", ACME, "--name", "HQ", "--country", "GB"],
    );
    expect(building.code, building.stderr).toBe(0);
    for (const [factor, co2e] of [
      [FACTOR_A, "0.05"],
      [FACTOR_B, "0.01"],
    ] as const) {
      const made = await engine.carbon(
        "factors",
        "custom",
        "create",
        ...["--company", ACME, "--category", "electricity", "--unit", "kWh", "--co2e", co2e],
        ...["--year", "2025", "--basis", "market", "--source", "tariff disclosure", "--id", factor],
      );
      expect(made.code, made.stderr).toBe(0);
    }
    for (const [id, type, name, unit, factor] of [
      [TARIFF_A, "provider", "Tariff A", "kWh", FACTOR_A],
      [TARIFF_B, "provider", "Tariff B", "kWh", FACTOR_B],
      [DIESEL, "fuel", "Site diesel", "l", undefined],
    ] as const) {
      const made = await engine.carbon(
        "inputs",
        "custom",
        "upsert",
        ...["--id", id, "--company", ACME, "--type", type, "--name", name, "--unit", unit],
        ...(factor === undefined ? [] : ["--custom-factor", factor]),
      );
      expect(made.code, made.stderr).toBe(0);
    }
  });
  afterAll(async () => {
    await engine.close();
  });

  it("each tariff prices the consumptions naming it; the reference is answered", async () => {
    const a = await electricity(C1, "01", "--provider", TARIFF_A);
    expect(a.code, a.stderr).toBe(0);
    const b = await electricity(C2, "02", "--provider", TARIFF_B);
    expect(b.code, b.stderr).toBe(0);
    // Location-based 5000 kWh × 0.177 = 885 kg for both; market-based 5000 × 0.05 = 250 kg
    // under tariff A and 5000 × 0.01 = 50 kg under tariff B.
    expect(JSON.parse(a.stdout).emission.co2e).toBeCloseTo(885, 9);
    expect(await marketOf(C1)).toBeCloseTo(250, 9);
    expect(await marketOf(C2)).toBeCloseTo(50, 9);
    const got = await engine.carbon("consumptions", "get", C1, "--json");
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ id: C1, provider: TARIFF_A });
    expect(JSON.parse(got.stdout)).not.toHaveProperty("fuelType");
    // The same consumption again is unchanged; naming the other tariff is an update.
    expect(JSON.parse((await electricity(C1, "01", "--provider", TARIFF_A)).stdout).outcome).toBe(
      "unchanged",
    );
  });

  it("a change of the input's factor recalculates the consumptions naming it", async () => {
    const changed = await engine.carbon(
      "inputs",
      "custom",
      "upsert",
      ...["--id", TARIFF_A, "--company", ACME, "--type", "provider", "--name", "Tariff A"],
      ...["--unit", "kWh", "--custom-factor", FACTOR_B],
    );
    expect(changed.code, changed.stderr).toBe(0);
    // 5000 × 0.01 = 50 kg now.
    expect(await marketOf(C1)).toBeCloseTo(50, 9);
    const back = await engine.carbon(
      "inputs",
      "custom",
      "upsert",
      ...["--id", TARIFF_A, "--company", ACME, "--type", "provider", "--name", "Tariff A"],
      ...["--unit", "kWh", "--custom-factor", FACTOR_A],
    );
    expect(back.code, back.stderr).toBe(0);
    expect(await marketOf(C1)).toBeCloseTo(250, 9);
  });

  it("a named input keeps its type and unit (exit 6)", async () => {
    const retyped = await engine.carbon(
      "inputs",
      "custom",
      "upsert",
      ...["--id", TARIFF_A, "--company", ACME, "--type", "heat", "--name", "Tariff A"],
      ...["--unit", "kWh", "--custom-factor", FACTOR_A],
    );
    expect(retyped.code, retyped.stderr).toBe(6);
    expect(retyped.stderr).toContain("is named by 1 consumption");
    const got = await engine.carbon("inputs", "custom", "get", TARIFF_A, "--json");
    expect(JSON.parse(got.stdout).type).toBe("provider");
  });

  it.each([
    [
      "a fuel input as provider",
      ["--provider", DIESEL],
      3,
      "provider names a provider or heat input",
    ],
    ["an input that is not the company's", ["--provider", UNKNOWN], 3, "is not one of company"],
    ["a provider and a fuel", ["--provider", TARIFF_A, "--fuel-type", DIESEL], 2, "--fuel-type"],
    ["an input that is not a UUID", ["--provider", "Tariff A"], 2, "--provider"],
  ])("refuses %s with exit %i, storing nothing", async (_what, extra, code, text) => {
    const before = await count();
    const result = await electricity("c0000000-1111-4222-8333-4444555566a1", "03", ...extra);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toContain(text);
    expect(await count()).toBe(before);
  });

  it("refuses an input priced in another category (exit 3)", async () => {
    const before = await count();
    const gas = await engine.carbon(
      "consumptions",
      "upsert",
      ...["--company", ACME, "--building", "HQ", "--category", "natural_gas", "--unit", "kWh"],
      ...["--start", "2025-03-01", "--end", "2025-03-31", "--quantity", "100"],
      ...["--provider", TARIFF_A],
    );
    expect(gas.code, gas.stderr).toBe(3);
    expect(gas.stderr).toContain("priced by a custom factor of category electricity");
    expect(await count()).toBe(before);
  });

  it("a building whose consumptions name the company's inputs does not move (exit 6)", async () => {
    const moved = await engine.carbon("buildings", "move", "HQ", "--to", OTHER, "--yes");
    expect(moved.code, moved.stderr).toBe(6);
    expect(moved.stderr).toContain("naming custom inputs of company");
    expect(await count()).toBe(2);
  });
  it("an invoice naming a provider passes it to its lines' consumptions", async () => {
    const invoice = (provider: string) =>
      engine.carbon(
        "invoices",
        "upsert",
        ...["--company", ACME, "--building", "HQ", "--type", "electricity"],
        ...["--start", "2025-04-01", "--end", "2025-04-30", "--total-cost", "250"],
        ...["--currency", "GBP", "--line", "1000:kWh", "--provider", provider, "--json"],
      );
    const saved = await invoice(TARIFF_B);
    expect(saved.code, saved.stderr).toBe(0);
    const answer = JSON.parse(saved.stdout);
    expect(answer.provider).toBe(TARIFF_B);
    const lineConsumption = answer.lines[0].emissionEntityId;
    const got = await engine.carbon("consumptions", "get", lineConsumption, "--json");
    expect(JSON.parse(got.stdout).provider).toBe(TARIFF_B);
    // 1000 kWh × 0.01 (tariff B) = 10 kg market-based; 1000 × 0.177 = 177 kg location-based.
    expect(await marketOf(lineConsumption)).toBeCloseTo(10, 9);
    expect(answer.lines[0].emissions).toBeCloseTo(177, 9);
    const before = await count();
    const refused = await invoice(DIESEL);
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toContain("provider names a provider or heat input");
    expect(await count()).toBe(before);
  });
  it("an import names inputs in a provider column; a bad one is a row error with its line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-inputs-"));
    const csv = path.join(dir, "named.csv");
    fs.writeFileSync(
      csv,
      [
        "building;category;startDate;endDate;quantity;unit;provider",
        `HQ;electricity;2025-09-01;2025-09-30;2000;kWh;${TARIFF_A}`,
        "HQ;electricity;2025-10-01;2025-10-31;2000;kWh;tariff-a",
        `HQ;electricity;2025-11-01;2025-11-30;2000;kWh;${UNKNOWN}`,
        "",
      ].join("\n"),
    );
    const before = await count();
    const imported = await engine.carbon(
      "consumptions",
      "import",
      csv,
      ...["--company", ACME, "--skip-invalid"],
    );
    expect(imported.code, imported.stderr).toBe(3);
    expect(imported.stderr).toContain(
      `line 4, column provider: custom input ${UNKNOWN} is not one of company`,
    );
    if (_name === "carbon serve") {
      // The server refuses the batch that holds line 4 whole: nothing of this run is stored.
      expect(imported.stderr).toContain("0 rows of this run were stored");
      expect(await count()).toBe(before);
      return;
    }
    expect(imported.stderr).toContain("line 3, column provider: expected a custom input's UUID");
    expect(await count()).toBe(before + 1);
    const listed = await engine.carbon("consumptions", "list", "--company", ACME, "--json");
    const september = JSON.parse(listed.stdout).find((c: { startDate: string }) =>
      c.startDate.startsWith("2025-09"),
    );
    expect(september.provider).toBe(TARIFF_A);
    // 2000 kWh × 0.05 (tariff A) = 100 kg market-based.
    expect(await marketOf(september.id)).toBeCloseTo(100, 9);
  });
  it("delete removes an input nothing names, and refuses one that consumptions or invoices name", async () => {
    const named = await engine.carbon("inputs", "custom", "delete", TARIFF_B, "--yes");
    expect(named.code, named.stderr).toBe(6);
    // C2 and the invoice's line name it, and the invoice itself.
    expect(named.stderr).toContain("is named by 2 consumptions and 1 invoice");
    expect((await engine.carbon("inputs", "custom", "get", TARIFF_B)).code).toBe(0);
    const free = await engine.carbon("inputs", "custom", "delete", DIESEL, "--yes", "--json");
    expect(free.code, free.stderr).toBe(0);
    expect(JSON.parse(free.stdout)[0]).toMatchObject({
      resource: "customInput",
      id: DIESEL,
    });
    expect((await engine.carbon("inputs", "custom", "get", DIESEL)).code).toBe(5);
  });
});
