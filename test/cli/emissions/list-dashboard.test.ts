/** Tier 2: `carbon emissions list` and `carbon emissions dashboard` on a real local database. */
import { beforeAll, describe, expect, it } from "vitest";
import { runDashboard } from "../../../src/cli/commands/emissions/dashboard.js";
import { type ListOptions, runList } from "../../../src/cli/commands/emissions/list.js";
import { COMPANY_ID, createTestDb, seedAcme, type TestDb } from "./local-db.js";

const TOKYO_ID = "6c5b4a3d-2e1f-4b0a-9d8c-7f6e5d4c3b2a";

function tsvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split("\n");
  const names = (header ?? "").split("\t");
  return lines.map((line) => {
    const cells = line.split("\t");
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ""]));
  });
}

const base: ListOptions = { company: COMPANY_ID, all: false, explain: false };

describe("emissions list and dashboard", () => {
  let db: TestDb;

  beforeAll(async () => {
    db = createTestDb();
    await seedAcme(db);
    // A building in a country without a grid factor: its electricity awaits a factor.
    await db.withService(async (service) => {
      await service.buildings.upsert({
        id: TOKYO_ID,
        companyId: COMPANY_ID,
        name: "Tokyo Office",
        country: "JP",
      });
      const electricity = (await service.categories.list({ level: "subcategory" })).data.find(
        (category) => category.code === "electricity",
      );
      await service.consumptions.upsert({
        id: "7d6c5b4a-3e2f-4c1b-8a9d-0f1e2d3c4b5a",
        entityId: "JP-1",
        categoryId: electricity?.id ?? "",
        startDate: "2024-06-01T00:00:00.000Z",
        endDate: "2024-06-30T00:00:00.000Z",
        companyId: COMPANY_ID,
        buildingId: TOKYO_ID,
        quantity: 1000,
        unitType: "kWh",
      });
    });
  });

  it("lists one page with the contract's columns; dates as days, codes and names", async () => {
    const result = await db.run((ctx) => runList(ctx, { ...base, limit: "5" }));
    expect(result.error).toBeUndefined();
    const [header] = result.stdout.split("\n");
    expect(header).toBe(
      "startDate\tendDate\tscope\tcategory\tbuilding\tline\tco2e\tco2eMarketBased\tstatus\tmarketStatus",
    );
    const rows = tsvRows(result.stdout);
    expect(rows).toHaveLength(5);
    expect(rows[0]?.startDate).toBe("2024-01-01");
    expect(rows.every((row) => /^[A-Z][a-z]+ [A-Za-z]+$/.test(row.building ?? ""))).toBe(true);
  });

  it("--scope 2: only scope 2, with the market-based figure", async () => {
    const result = await db.run((ctx) => runList(ctx, { ...base, scope: "2", all: true }));
    const rows = tsvRows(result.stdout);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.scope === "2")).toBe(true);
    const calculated = rows.filter((row) => row.status === "calculated");
    expect(calculated.every((row) => row.co2eMarketBased !== "")).toBe(true);
    expect(rows.find((row) => row.building === "Tokyo Office")).toMatchObject({
      status: "awaiting_factor",
      co2e: "",
    });
  });

  it("--explain shows quantity, conversion, factor, source, year and resolution", async () => {
    const result = await db.run((ctx) => runList(ctx, { ...base, explain: true, all: true }));
    expect(result.error).toBeUndefined();
    expect(result.stdout.split("\n")[0]).toBe(
      "startDate\tcategory\tline\tquantity\tunit\tconvertedQuantity\tfactorUnit\tfactorValue\tfactorSource\tfactorYear\tresolution\tgeography\tgwpSet\tco2e\tmarketStatus\tmarketBasis\tmarketResolution\tmarketGeography\tmarketFactorYear\tbiogenicCo2\tfactorLibraryVersion",
    );
    const rows = tsvRows(result.stdout);
    const gas = rows.find((row) => row.category === "natural_gas");
    expect(gas?.line).toBe("direct");
    expect(gas?.factorLibraryVersion).toMatch(/^lib-[0-9a-f]{12}$/);
    expect(gas?.unit).toBe("kWh");
    expect(gas?.resolution).toMatch(/^(country_year|country_earlier_year|proxy)$/);
    expect(gas?.factorSource).not.toBe("");
    expect(Number(gas?.factorYear)).toBeGreaterThan(2000);
    expect(Number(gas?.co2e)).toBeCloseTo(
      Number(gas?.convertedQuantity) * Number(gas?.factorValue),
      6,
    );
  });

  it("--explain in a window: the record's figure is quantity × factor, co2e its share", async () => {
    const result = await db.run((ctx) =>
      runList(ctx, { ...base, explain: true, from: "2024-12-01", to: "2024-12-31", all: true }),
    );
    expect(result.error).toBeUndefined();
    expect(result.stdout.split("\n")[0]).toMatch(
      /\tresolution\tgeography\tgwpSet\trecordCo2e\tshare\tco2e\tmarketStatus\t.*\tbiogenicCo2\tfactorLibraryVersion$/,
    );
    // London's bill of 2024-11-15..12-14: 14 of its 30 days are in December.
    const bill = tsvRows(result.stdout).find(
      (row) => row.startDate === "2024-11-15" && row.category === "electricity",
    );
    expect(Number(bill?.share)).toBe(14 / 30);
    expect(Number(bill?.recordCo2e)).toBeCloseTo(
      Number(bill?.convertedQuantity) * Number(bill?.factorValue),
      6,
    );
    expect(Number(bill?.co2e)).toBeCloseTo((Number(bill?.recordCo2e) * 14) / 30, 9);
  });

  it("json prints the raw items of the page", async () => {
    const result = await db.run((ctx) => runList(ctx, { ...base, limit: "3" }), {
      globals: { json: true },
    });
    const items = JSON.parse(result.stdout);
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveProperty("consumptionId");
    expect(items[0]).toHaveProperty("factorValue");
  });

  it("--all with --page is a usage error", async () => {
    const result = await db.run((ctx) => runList(ctx, { ...base, all: true, page: "2" }));
    expect(result.error).toMatchObject({ code: "usage" });
  });

  it("dashboard: months × scopes, market-based beside location-based, bars, totals", async () => {
    const result = await db.run((ctx) => runDashboard(ctx, { company: COMPANY_ID, year: "2024" }), {
      globals: { format: "table" },
      columns: 220,
    });
    expect(result.error).toBeUndefined();
    const lines = result.stdout.split("\n");
    expect(lines[1]).toMatch(
      /Month +│ Scope 1 \((k|t)CO2e\) │ Scope 2 location-based \(\1CO2e\) │ Scope 2 market-based \(\1CO2e\) │ Scope 3 \(\1CO2e\) │ Total location-based \(\1CO2e\) │ Total market-based \(\1CO2e\)/,
    );
    const months = lines.filter((line) => /^│ 2024-\d\d /.test(line));
    expect(months).toHaveLength(12);
    expect(months.every((line) => /█/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith("│ Total "))).toBe(true);
    const awaiting = await db.withService(
      async (service) =>
        (await service.emissions.summarize({ companyId: COMPANY_ID, groupBy: [] })).totals
          .awaitingFactor,
    );
    expect(awaiting).toBeGreaterThan(0);
    expect(result.stderr).toContain(
      `${awaiting} emission lines are waiting for an emission factor: see \`carbon emissions list --company ${COMPANY_ID} --from 2024-01-01 --to 2024-12-31 --explain\``,
    );
  });

  it("dashboard --by category adds a table of totals per scope", async () => {
    const result = await db.run(
      (ctx) => runDashboard(ctx, { company: COMPANY_ID, year: "2024", by: "category" }),
      { globals: { format: "table" }, columns: 200 },
    );
    expect(result.error).toBeUndefined();
    expect(result.stdout).toMatch(/│ Scope +│ Location-based \((k|t)CO2e\) │ Market-based/);
    expect(result.stdout).toMatch(/│ Scope 2 +│ +[\d,.]+ │ +[\d,.]+ │/);
  });

  it("dashboard --json prints the summary by month and scope", async () => {
    const result = await db.run((ctx) => runDashboard(ctx, { company: COMPANY_ID, year: "2024" }), {
      globals: { json: true },
    });
    const summary = await db.withService((service) =>
      service.emissions.summarize({
        companyId: COMPANY_ID,
        from: "2024-01-01",
        to: "2024-12-31",
        groupBy: ["month", "scope"],
      }),
    );
    expect(JSON.parse(result.stdout)).toEqual(summary);
  });

  it("dashboard refuses an unknown --by", async () => {
    const result = await db.run((ctx) => runDashboard(ctx, { by: "building" }));
    expect(result.error).toMatchObject({
      code: "usage",
      message: 'invalid --by "building": expected one of scope, category',
    });
  });
});
