/** Tier 2: factors list/resolve and custom factors on a real local database. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCreate } from "../../../src/cli/commands/factors/custom/create.js";

import { runList } from "../../../src/cli/commands/factors/list.js";
import { runResolve } from "../../../src/cli/commands/factors/resolve.js";
import { createTestIo } from "../../../src/cli/io.js";
import { categoryId } from "../../../src/core/ids.js";
import type {
  CustomFactor,
  EmissionFactor,
  FactorResolution,
} from "../../../src/core/model/factor.js";
import { databaseContexts, errorCode } from "../helpers.js";
import { runCustomGet, runCustomList } from "./custom-runs.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
let contexts: ReturnType<typeof databaseContexts>;

beforeEach(async () => {
  contexts = databaseContexts();
  const service = await contexts.ctx().service();
  await service.companies.upsert({ id: ACME, name: "Acme", country: "ES" });
});
afterEach(async () => {
  await contexts.closeAll();
});

describe("factors list", () => {
  it("filters by key and country; csv keeps the library's exact values", async () => {
    const ctx = contexts.ctx({ format: "csv" });
    await runList(ctx, { key: "electricity_grid", country: "gb", all: true });
    const [header, ...rows] = ctx.io.stdoutText().trimEnd().split("\r\n");
    expect(header).toBe("key,country,year,unit,co2e,basis,source");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.startsWith("electricity_grid,GB,"))).toBe(true);
    expect(rows).toContainEqual(
      expect.stringMatching(/^electricity_grid,GB,2024,kWh,0\.20705,location-based,/),
    );
  });

  it("--all fetches every page of the library (more than one page)", async () => {
    const service = await contexts.ctx().service();
    const total = (await service.factors.list({})).pagination.total;
    expect(total).toBeGreaterThan(50);
    const ctx = contexts.ctx({ format: "ndjson" });
    await runList(ctx, { all: true });
    const factors: EmissionFactor[] = ctx.io
      .stdoutText()
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(factors).toHaveLength(total);
    expect(new Set(factors.map((factor) => factor.id)).size).toBe(total);
  });

  it("without --all prints one page and says so on a terminal", async () => {
    const ctx = contexts.ctx({ format: "json" }, createTestIo({ stderrIsTty: true }));
    await runList(ctx, { all: false });
    expect(JSON.parse(ctx.io.stdoutText())).toHaveLength(50);
    expect(ctx.io.stderrText()).toMatch(/^showing 50 of \d+; use --all or --page 2\n$/);
  });
});

describe("factors resolve", () => {
  it("json prints the FactorResolution: scope 2 has location and market factors", async () => {
    const ctx = contexts.ctx({ json: true });
    await runResolve(ctx, { category: "electricity", country: "es", year: "2024" });
    const resolution: FactorResolution = JSON.parse(ctx.io.stdoutText());
    expect(resolution).toMatchObject({
      categoryId: categoryId("electricity"),
      categoryCode: "electricity",
      country: "ES",
      year: 2024,
    });
    expect(resolution.location).toMatchObject({
      key: "electricity_grid",
      step: "country_year",
      country: "ES",
      year: 2024,
      co2e: 0.125,
    });
    expect(resolution.market?.key).toBe("electricity_residual_mix");
  });

  it("tsv has one row per basis, with the step used", async () => {
    const ctx = contexts.ctx({ format: "tsv" });
    await runResolve(ctx, { category: categoryId("electricity"), country: "ES", year: "2026" });
    const [header, location, market] = ctx.io.stdoutText().trimEnd().split("\n");
    expect(header).toBe("basis\tkey\tstep\tgeography\tyear\tunit\tco2e\tgwpSet\tsource");
    expect(location).toMatch(/^location\telectricity_grid\tcountry_earlier_year\tES\t\d{4}\tkWh\t/);
    expect(market).toMatch(/^market\telectricity_residual_mix\t/);
  });

  it("scope 1 has no market row", async () => {
    const ctx = contexts.ctx({ format: "tsv" });
    await runResolve(ctx, { category: "natural_gas", country: "ES", year: "2024" });
    const rows = ctx.io.stdoutText().trimEnd().split("\n");
    expect(rows).toHaveLength(2);
    // MITECO V31 natural gas ES 2024 (emission-factors.csv line 131), an AR6 row of 0.182 kg CO2
    // and 0.000016 kg CH4 per kWh, restated in AR5: 0.182 + 0.000016 × 28 = 0.182448 kg/kWh.
    expect(rows[1]).toMatch(
      /^location\tnatural_gas\tcountry_year\tES\t2024\tkWh\t0\.182448\tAR5\t/,
    );
  });

  it("no factor at all is not_found (exit 5) naming the gap and how to fill it", async () => {
    const ctx = contexts.ctx({ json: true });
    // Water supply in Spain now has a labelled GB proxy (proxies.csv); district heat in Spain has
    // no factor of any year or geography, and heat networks have no proxy.
    const failure = await runResolve(ctx, {
      category: "district_heat",
      country: "ES",
      year: "2024",
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: "not_found",
      message: "no emission factor found for district_heat in ES 2024",
      hint: expect.stringMatching(/carbon factors custom create/),
    });
    // The resolution is still printed for a script that reads it.
    expect(JSON.parse(ctx.io.stdoutText())).toMatchObject({ location: null, market: null });
  });

  it.each([
    [{ category: "natural_gas", country: "ES", year: "20x4" }],
    [{ category: "natural_gas", country: "Spain", year: "2024" }],
    [{ category: "natural_gas", country: "ES", year: "2024", company: "  " }],
  ])("%j is a usage error", async (opts) => {
    expect(await errorCode(() => runResolve(contexts.ctx(), opts))).toBe("usage");
  });
});

describe("custom factors", () => {
  const supplier = {
    company: ACME,
    category: "electricity",
    unit: "kWh",
    co2e: "0.05",
    co2: "0.0499",
    basis: "market",
    year: "2024",
    source: "Supplier X 2024 disclosure",
  };

  it("create prints the factor; resolve for the company then uses it", async () => {
    const ctx = contexts.ctx({ json: true });
    await runCreate(ctx, supplier);
    const factor: CustomFactor = JSON.parse(ctx.io.stdoutText());
    expect(factor).toMatchObject({
      companyId: ACME,
      categoryId: categoryId("electricity"),
      basis: "market",
      // --year 2024: the shorthand for the calendar year 2024
      validFrom: "2024-01-01",
      validTo: "2024-12-31",
      unit: "kWh",
      co2e: 0.05,
      co2: 0.0499,
      ch4: null,
      source: "Supplier X 2024 disclosure",
    });

    const resolved = contexts.ctx({ json: true });
    await runResolve(resolved, {
      category: "electricity",
      country: "ES",
      year: "2024",
      company: ACME,
    });
    const resolution: FactorResolution = JSON.parse(resolved.io.stdoutText());
    expect(resolution.market).toMatchObject({ step: "company_custom", co2e: 0.05 });
    expect(resolution.location?.step).toBe("country_year");
  });

  it("list shows the category code in tables and csv, the raw record in json", async () => {
    await runCreate(contexts.ctx({ json: true }), supplier);
    const csv = contexts.ctx({ format: "csv" });
    await runCustomList(csv, { company: ACME, all: false });
    const [header, row] = csv.io.stdoutText().split("\r\n");
    expect(header).toBe("id,category,basis,validFrom,validTo,unit,co2e,co2,ch4,n2o,source");
    expect(row).toMatch(
      /^[0-9a-f-]{36},electricity,market,2024-01-01,2024-12-31,kWh,0\.05,0\.0499,,,Supplier X 2024 disclosure$/,
    );
    const json = contexts.ctx({ json: true });
    await runCustomList(json, { company: ACME, all: false });
    expect(JSON.parse(json.io.stdoutText())[0].categoryId).toBe(categoryId("electricity"));
  });

  it.each([
    [{ ...supplier, category: "unobtainium" }, "not_found"],
    [{ ...supplier, company: "00000000-0000-4000-8000-000000000000" }, "not_found"],
    [{ ...supplier, co2e: "12,5" }, "usage"],
    [{ ...supplier, co2e: "-1" }, "usage"],
    [{ ...supplier, basis: "contract" }, "usage"],
    [{ ...supplier, year: "next" }, "usage"],
    [{ ...supplier, year: "2024", validFrom: "2024-04-01" }, "usage"],
    [{ ...supplier, year: undefined, validFrom: "2024-13-01" }, "usage"],
    [{ ...supplier, year: undefined, validTo: "1 April" }, "usage"],
    // The order of the two days is the factor's validation (exit 3), naming validTo.
    [
      { ...supplier, year: undefined, validFrom: "2025-04-01", validTo: "2025-03-31" },
      "validation",
    ],
    [{ ...supplier, source: " " }, "usage"],
  ])("%j -> %s", async (opts, code) => {
    expect(await errorCode(() => runCreate(contexts.ctx(), opts))).toBe(code);
  });

  it("get shows one factor with its category code in csv, the raw record in json", async () => {
    const created = contexts.ctx({ json: true });
    await runCreate(created, supplier);
    const { id } = JSON.parse(created.io.stdoutText());
    const csv = contexts.ctx({ format: "csv" });
    await runCustomGet(csv, { id });
    expect(csv.io.stdoutText().split("\r\n")).toEqual([
      "id,category,basis,validFrom,validTo,unit,co2e,co2,ch4,n2o,source",
      `${id},electricity,market,2024-01-01,2024-12-31,kWh,0.05,0.0499,,,Supplier X 2024 disclosure`,
      "",
    ]);
    const json = contexts.ctx({ json: true });
    await runCustomGet(json, { id });
    expect(JSON.parse(json.io.stdoutText())).toMatchObject({
      id,
      companyId: ACME,
      categoryId: categoryId("electricity"),
      co2e: 0.05,
    });
  });

  it.each([
    ["00000000-0000-4000-8000-000000000000", "not_found"],
    ["electricity", "usage"],
  ])("get %s is %s", async (id, code) => {
    expect(await errorCode(() => runCustomGet(contexts.ctx(), { id }))).toBe(code);
  });

  it("custom list for an unknown company is not_found", async () => {
    const code = await errorCode(() =>
      runCustomList(contexts.ctx(), {
        company: "00000000-0000-4000-8000-000000000000",
        all: false,
      }),
    );
    expect(code).toBe("not_found");
  });
});
