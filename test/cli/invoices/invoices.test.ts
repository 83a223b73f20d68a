import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceLineConsumptionId } from "../../../src/core/ids.js";
import type { Invoice } from "../../../src/core/model/invoice.js";
import { bothEngines, type Engine } from "../engines.js";
import { tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const MADRID = "4f0c9a1e-2b3d-4c5e-8f60-718293a4b5c6";
const BILL = "9a000000-0000-4000-8000-0000000000aa";
const FIXTURE = path.resolve(import.meta.dirname, "../../../fixtures/invoices/acme-2025-q1.csv");

describe.each(bothEngines)("carbon invoices on the %s", (_name, open) => {
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
      "ES",
    );
    expect(company.code).toBe(0);
    const building = await engine.carbon(
      "buildings",
      "create",
      "--id",
      MADRID,
      "--company",
      "Acme",
      "--name",
      "Madrid",
    );
    expect(building.code).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function invoice(id: string): Promise<Invoice> {
    const got = await engine.carbon("invoices", "get", id, "--json");
    expect(got.stderr).toBe("");
    expect(got.code).toBe(0);
    return JSON.parse(got.stdout);
  }

  it("upsert stores the invoice and its lines' emissions; a re-save with fewer lines drops one", async () => {
    const upsert = (...lines: string[]) =>
      engine.carbon(
        "invoices",
        "upsert",
        "--id",
        BILL,
        "--company",
        "Acme",
        "--building",
        MADRID,
        "--type",
        "electricity",
        "--start",
        "2024-03-01",
        "--end",
        "2024-03-31",
        "--total-cost",
        "182.4",
        "--currency",
        "eur",
        "--cup",
        "es0021 0000 0000 0000 aa",
        ...lines.flatMap((line) => ["--line", line]),
        "--json",
      );
    const created = await upsert("1000:kWh", "500:kWh");
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const stored = await invoice(BILL);
    expect(stored).toMatchObject({
      type: "electricity",
      status: "valid",
      cup: "ES0021000000000000AA",
      currency: "EUR",
      countryCode: "ES",
    });
    // electricity_grid ES 2024 (EEA, emission-factors.csv): 0.125 kg/kWh.
    // 1000 kWh x 0.125 = 125 kg; 500 kWh x 0.125 = 62.5 kg.
    expect(stored.lines.map((line) => line.emissions)).toEqual([125, 62.5]);
    const resaved = await upsert("2000:kWh");
    expect(resaved.code).toBe(0);
    // 2000 kWh x 0.125 = 250 kg.
    expect((await invoice(BILL)).lines.map((line) => line.emissions)).toEqual([250]);
    const consumptions = await engine.carbon("consumptions", "list", "--company", ACME, "--json");
    expect(
      JSON.parse(consumptions.stdout).filter((c: { entityId: string }) => c.entityId === BILL),
    ).toHaveLength(1);
  });

  it("a bad line is a usage error; a bad field a validation error naming it; nothing is stored", async () => {
    const base = [
      "invoices",
      "upsert",
      "--company",
      "Acme",
      "--building",
      MADRID,
      "--start",
      "2024-01-01",
      "--end",
      "2024-01-31",
      "--total-cost",
      "1",
      "--currency",
      "EUR",
    ];
    const badLine = await engine.carbon(...base, "--type", "electricity", "--line", "lots");
    expect(badLine.code).toBe(2);
    expect(badLine.stderr).toContain("--line 1: expected QUANTITY:UNIT[:FUEL]");
    const waste = await engine.carbon(...base, "--type", "wastes", "--line", "2:t");
    expect(waste.code).toBe(3);
    expect(waste.stderr).toContain("wasteDisposalMethod");
    expect(waste.stderr).not.toContain("    at ");
  });

  it("import stores a file's invoices, one row per line; a dry run stores nothing", async () => {
    const dry = await engine.carbon("invoices", "import", FIXTURE, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain("dry run: nothing was stored");
    expect(
      (await engine.carbon("invoices", "get", "9a000000-0000-4000-8000-000000000001")).code,
    ).toBe(5);
    const done = await engine.carbon("invoices", "import", FIXTURE, "--json");
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ rowsRead: 6, invoices: 5, committed: true });
    const electricity = await invoice("9a000000-0000-4000-8000-000000000001");
    // electricity_grid ES, latest year 2024 (EEA): 0.125 kg/kWh; 600 x 0.125 = 75, 400 x 0.125 = 50.
    expect(electricity.lines.map((line) => line.emissions)).toEqual([75, 50]);
    const gas = await invoice("9a000000-0000-4000-8000-000000000002");
    // natural_gas ES, latest year 2024 (MITECO V31 line 131, kWh gross CV): an AR6 row of 0.182 kg
    // CO2 and 0.000016 kg CH4 per kWh, restated in AR5: 0.182 + 0.000016 x 28 = 0.182448 kg/kWh;
    // 5000 x 0.182448 = 912.24 kg (the direct line's: its well-to-tank is a line of its own).
    expect(gas.lines[0]?.emissions).toBeCloseTo(912.24, 9);
    const draft = await invoice("9a000000-0000-4000-8000-000000000005");
    expect(draft.lines[0]?.emissionStatus).toBe("not_counted");
  });

  it("list --from/--to keeps the invoices billing a day of the period", async () => {
    const listed = await engine.carbon(
      "invoices",
      "list",
      ...["--company", "Acme", "--from", "2025-02-01", "--to", "2025-02-28", "--json"],
    );
    expect(listed.code, listed.stderr).toBe(0);
    // January's two invoices end before February; the quarter's water and waste and February's
    // draft overlap it; the bill of March 2024 is long before.
    expect(
      JSON.parse(listed.stdout)
        .map((i: Invoice) => i.id.slice(-1))
        .sort(),
    ).toEqual(["3", "4", "5"]);
    const bad = await engine.carbon("invoices", "list", "--from", "2025-02-30");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("startDate");
  });

  it("import errors name the line and column, and nothing of the file is stored", async () => {
    const text = fs
      .readFileSync(FIXTURE, "utf8")
      .replaceAll("9a000000-0000-4000-8000-00000000000", "9c000000-0000-4000-8000-00000000000")
      .replace(",400,kWh,", ",400,litres,")
      .replace("2025-03-31,,Recycla", "2025-02-31,,Recycla");
    const file = path.join(tempDir(), "bad.csv");
    fs.writeFileSync(file, text);
    const refused = await engine.carbon("invoices", "import", file);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("line 3, column unit:");
    expect(refused.stderr).toContain(
      'line 6, column endDate: expected an ISO 8601 date (YYYY-MM-DD) or date-time, got "2025-02-31"',
    );
    expect(refused.stderr).toContain("nothing was stored");
    const listed = await engine.carbon("invoices", "list", "--company", ACME, "--json");
    const ids = JSON.parse(listed.stdout).map((row: Invoice) => row.id);
    expect(ids.filter((id: string) => id.startsWith("9c"))).toEqual([]);
  });

  it("delete removes the invoice and its consumptions; --dry-run removes nothing", async () => {
    const id = "9a000000-0000-4000-8000-000000000001";
    const dry = await engine.carbon("invoices", "delete", id, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain("Would delete: 1 invoice");
    expect((await invoice(id)).lines).toHaveLength(2);
    const done = await engine.carbon("invoices", "delete", id, "--yes", "--json");
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual([
      expect.objectContaining({ resource: "invoice", id, consumptions: 2 }),
    ]);
    expect((await engine.carbon("invoices", "get", id)).code).toBe(5);
    const emissions = await engine.carbon("emissions", "list", "--company", ACME, "--json");
    const left = JSON.parse(emissions.stdout).filter(
      (row: { consumptionId: string }) =>
        row.consumptionId === invoiceLineConsumptionId(id, 0) ||
        row.consumptionId === invoiceLineConsumptionId(id, 1),
    );
    expect(left).toEqual([]);
  });
});
