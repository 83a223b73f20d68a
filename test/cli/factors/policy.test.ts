/**
 * Tier 2: the database's calculation policy on a real local database: `factors gwp`,
 * `factors proxies` (stored, every emission recalculated, the change printed), and
 * `factors resolve --no-proxy`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runDashboard } from "../../../src/cli/commands/emissions/dashboard.js";
import { runPolicy } from "../../../src/cli/commands/factors/policy.js";
import { runResolve } from "../../../src/cli/commands/factors/resolve.js";
import { createTestIo } from "../../../src/cli/io.js";
import { categoryId } from "../../../src/core/ids.js";
import { databaseContexts, errorCode } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const MADRID = "7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3b4c";
let contexts: ReturnType<typeof databaseContexts>;

beforeEach(async () => {
  contexts = databaseContexts();
  const service = await contexts.ctx().service();
  await service.companies.upsert({ id: ACME, name: "Acme", country: "ES" });
  await service.buildings.upsert({ id: MADRID, companyId: ACME, name: "Madrid", country: "ES" });
  // 100 m3 of water in Madrid, 2025: no Spanish factor, DESNZ 2025 (GB) 0.1913 kg/m3 stands in = 19.13 kg
  await service.consumptions.upsert({
    id: "00000000-0000-4000-8000-000000000001",
    entityId: "W-1",
    categoryId: categoryId("water_supply"),
    startDate: "2025-01-01T00:00:00.000Z",
    endDate: "2025-01-31T00:00:00.000Z",
    companyId: ACME,
    buildingId: MADRID,
    quantity: 100,
    unitType: "m3",
  });
});
afterEach(async () => {
  await contexts.closeAll();
});

const run = (
  ctx: ReturnType<typeof contexts.ctx>,
  setting: "gwp" | "proxies",
  value?: string,
  flags = {},
) => runPolicy(ctx, { setting, value, dryRun: false, yes: false, ...flags });

describe("factors gwp and factors proxies", () => {
  it("shows the policy of a new database: AR5, proxies allowed", async () => {
    const ctx = contexts.ctx({ format: "tsv" });
    await run(ctx, "gwp");
    expect(ctx.io.stdoutText()).toBe("gwpSet\tproxies\nAR5\tallow\n");
  });

  it.each([
    ["gwp", "AR7", "GWP set must be AR5 or AR6"],
    ["proxies", "maybe", "proxy policy must be allow or refuse"],
  ] as const)("refuses %s %s (exit 2)", async (setting, value, message) => {
    const failure = await run(contexts.ctx(), setting, value).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "usage", message: expect.stringContaining(message) });
  });

  it("needs --yes when stdin is not a terminal, and changes nothing without it", async () => {
    expect(await errorCode(() => run(contexts.ctx(), "proxies", "refuse"))).toBe("usage");
    const service = await contexts.ctx().service();
    expect(await service.factors.policy()).toEqual({ gwpSet: "AR5", proxies: "allow" });
  });

  it("refusing proxies leaves the Spanish water awaiting a factor; a dry run stores nothing", async () => {
    const dry = contexts.ctx({ format: "tsv" });
    await run(dry, "proxies", "refuse", { dryRun: true });
    const [header, row] = dry.io.stdoutText().trimEnd().split("\n");
    expect(header).toBe(
      "companyId\tscope\tcategory\tbeforeKg\tafterKg\tchangeKg\tchangePercent\tbeforeMarketKg\tafterMarketKg\tawaitingBefore\tawaitingAfter",
    );
    // Scope 3, category 1 (water supply): 19.13 -> 0 kg (-100 %), market-based the same,
    // awaiting a factor 0 -> 1
    expect(row?.split("\t").slice(1)).toEqual([
      "3",
      "s3_01_purchased_goods_services",
      "19.13",
      "0",
      "-19.13",
      "-100",
      "19.13",
      "0",
      "0",
      "1",
    ]);
    expect(dry.io.stderrText()).toContain("proxies allowed -> GWP set AR5, proxies refused");
    expect(dry.io.stderrText()).toContain("dry run: nothing was stored");
    const service = await contexts.ctx().service();
    expect((await service.emissions.list({})).data[0]).toMatchObject({ resolution: "proxy" });

    await run(contexts.ctx({ format: "tsv" }), "proxies", "refuse", { yes: true });
    expect(await service.factors.policy()).toEqual({ gwpSet: "AR5", proxies: "refuse" });
    const [refused] = (await service.emissions.list({})).data;
    expect(refused).toMatchObject({ status: "awaiting_factor", co2e: null, resolution: null });
    // A later write follows the stored policy, not a flag of the command that set it.
    await service.consumptions.upsert({
      id: "00000000-0000-4000-8000-000000000002",
      entityId: "W-2",
      categoryId: categoryId("water_supply"),
      startDate: "2025-02-01T00:00:00.000Z",
      endDate: "2025-02-28T00:00:00.000Z",
      companyId: ACME,
      buildingId: MADRID,
      quantity: 50,
      unitType: "m3",
    });
    const summary = await service.emissions.summarize({ groupBy: [] });
    expect(summary.totals).toMatchObject({ count: 2, awaitingFactor: 2, proxy: 0 });

    await run(contexts.ctx(), "proxies", "allow", { yes: true });
    const again = await service.emissions.summarize({ groupBy: [] });
    // 150 m3 × 0.1913 = 28.695 kg
    expect(again.totals).toMatchObject({ awaitingFactor: 0, proxy: 2, otherGeography: 2 });
    expect(again.totals.co2e).toBeCloseTo(28.695, 9);
  });

  it("switching to AR6 restates with the library's AR6 GWPs and keeps a total without gases", async () => {
    const ctx = contexts.ctx({ format: "tsv" });
    await run(ctx, "gwp", "ar6", { yes: true });
    // extra/gwp-ar6.csv: ADEME Base Carbone V23.6, IPCC AR6 Table 7.15 (CH4 27.9, N2O 273)
    expect(ctx.io.stderrText()).toContain(
      "factors of another set restated with AR6 GWP-100 CH4 27.9, N2O 273",
    );
    const service = await contexts.ctx().service();
    const summary = await service.emissions.summarize({ groupBy: [] });
    // DESNZ water gives no gases anyway: kept at 19.13 kg in AR5, counted as not converted
    expect(summary).toMatchObject({ gwpSet: "AR6", totals: { gwpNotConverted: 1 } });
    expect(summary.totals.co2e).toBeCloseTo(19.13, 9);
  });
});

describe("factors resolve --no-proxy and the dashboard's notes", () => {
  it("shows the proxy and its reason, and its refusal with --no-proxy (exit 5)", async () => {
    const allowed = contexts.ctx({ format: "tsv" });
    await runResolve(allowed, { category: "water_supply", country: "ES", year: "2025" });
    expect(allowed.io.stdoutText()).toMatch(
      /\nlocation\twater_supply\tproxy\tGB\t2025\tm3\t0\.1913\tAR5\t/,
    );
    expect(allowed.io.stderrText()).toMatch(
      /^location: proxy water_supply GB 2025 .* stands in: DESNZ water supply \(GB\)/,
    );
    const refused = contexts.ctx({ format: "tsv" });
    const failure = await runResolve(refused, {
      category: "water_supply",
      country: "ES",
      year: "2025",
      noProxy: true,
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: "not_found",
      message: expect.stringMatching(
        /water_supply in ES 2025: the proxy water_supply GB 2025 .* is refused$/,
      ),
    });
  });

  it("the dashboard states the GWP set and counts the proxy on stderr", async () => {
    const ctx = contexts.ctx({ format: "csv" }, createTestIo());
    await runDashboard(ctx, { year: "2025" });
    expect(ctx.io.stderrText()).toContain("CO2e in IPCC AR5 GWP-100\n");
    expect(ctx.io.stderrText()).toMatch(
      /1 emission with another geography's factor, 1 of them proxies: see `carbon emissions list --from 2025-01-01 --to 2025-12-31 --explain`/,
    );
  });
});
