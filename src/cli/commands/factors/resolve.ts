import { Command } from "commander";
import type { FactorResolution, ResolvedFactor } from "../../../core/model/factor.js";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export interface ResolveOptions {
  readonly category: string;
  readonly country: string;
  readonly year: string;
  readonly company?: string;
  /** Resolve as if the database refused proxies. */
  readonly noProxy?: boolean;
}

interface ResolveFlags {
  readonly category: string;
  readonly country: string;
  readonly year: string;
  readonly company?: string;
  /** commander's `--no-proxy`: false when given. */
  readonly proxy?: boolean;
}

/** One row per basis of the resolution: location, and market for scope 2. */
export interface ResolvedRow {
  readonly basis: "location" | "market";
  readonly factor: ResolvedFactor;
}

export const resolvedColumns: readonly Column<ResolvedRow>[] = [
  { header: "basis", value: (row) => row.basis },
  { header: "key", value: (row) => row.factor.key },
  { header: "step", value: (row) => row.factor.step },
  { header: "geography", value: (row) => row.factor.country },
  { header: "year", value: (row) => row.factor.year },
  { header: "unit", value: (row) => row.factor.unit },
  { header: "co2e", value: (row) => row.factor.co2e },
  { header: "gwpSet", value: (row) => row.factor.gwpSet },
  { header: "source", value: (row) => row.factor.source },
];

export function resolveCommand(
  ctx: Context,
  run: (ctx: Context, opts: ResolveOptions) => Promise<void> = runResolve,
): Command {
  return new Command("resolve")
    .description("Show which emission factor a consumption would use, and why")
    .requiredOption("--category <code|uuid>", "subcategory code (e.g. natural_gas) or id")
    .requiredOption("--country <cc>", "country or grid region of the building, e.g. ES")
    .requiredOption("--year <year>", "year of the consumption, e.g. 2024")
    .option("--company <id|name>", "consider this company's custom factors first")
    .option("--no-proxy", "resolve as if the database refused proxies (another geography's factor)")
    .addHelpText(
      "after",
      [
        "",
        "The step column says how the factor was found: company_custom, country_year,",
        "country_earlier_year (the latest year before), parent_country (a grid region's country),",
        "proxy (another geography's factor that fixtures/factors/proxies.csv designates; its",
        "reason goes to stderr) or global_default (a GWP). geography is the factor's country;",
        "co2e is stated in gwpSet, the database's set unless the factor gives no gases to convert.",
        "For scope 2 a second row gives the market-based factor, resolved on its own. When no",
        "factor is found the command exits 5; --no-proxy shows what a refused proxy leaves.",
        "",
        "Examples:",
        "  $ carbon factors resolve --category electricity --country ES --year 2024",
        "  $ carbon factors resolve --category natural_gas --country GB --year 2025 --json",
        "  $ carbon factors resolve --category water_supply --country ES --year 2025",
        "  $ carbon factors resolve --category water_supply --country ES --year 2025 --no-proxy",
      ].join("\n"),
    )
    .action(async (flags: ResolveFlags) => {
      await run(ctx, {
        category: flags.category,
        country: flags.country,
        year: flags.year,
        company: flags.company,
        noProxy: flags.proxy === false,
      });
    });
}

export function resolvedRows(resolution: FactorResolution): ResolvedRow[] {
  const rows: ResolvedRow[] = [];
  if (resolution.location !== null) rows.push({ basis: "location", factor: resolution.location });
  if (resolution.market !== null) rows.push({ basis: "market", factor: resolution.market });
  return rows;
}

export async function runResolve(ctx: Context, opts: ResolveOptions): Promise<void> {
  const [flags, { renderList, renderObject }, { idResolver }] = await Promise.all([
    import("../../flags.js"),
    import("../../output/format.js"),
    import("../../id-resolver.js"),
  ]);
  const category = flags.parseText("--category", opts.category);
  const country = flags.parseCountry("--country", opts.country);
  const year = flags.parseYear("--year", opts.year);
  const companyId =
    opts.company === undefined
      ? undefined
      : await idResolver(() => ctx.service()).company("--company", opts.company);
  const query = {
    category,
    country,
    year,
    ...(companyId === undefined ? {} : { companyId }),
    ...(opts.noProxy === true ? { proxies: "refuse" as const } : {}),
  };
  const service = await ctx.service();
  const resolution = await service.factors.resolve(query);
  const format = ctx.format();
  if (format === "json" || format === "ndjson") renderObject(ctx.io, format, resolution, []);
  else renderList(ctx.io, format, resolvedRows(resolution), resolvedColumns);
  const where = `${resolution.categoryCode} in ${resolution.country ?? "any country"} ${resolution.year}`;
  const refused = resolution.refusedProxy;
  if (resolution.location === null && resolution.market === null) {
    // A CI job that checks its factors must see the gap in the exit code, not only on stderr.
    const { CarbonError } = await import("../../../core/errors.js");
    const proxy = refused === null ? "" : `: the ${proxyText(refused)} is refused`;
    throw new CarbonError("not_found", `no emission factor found for ${where}${proxy}`, {
      hint: `record your own with carbon factors custom create --company ID --category ${resolution.categoryCode} --co2e KG --unit UNIT --source TEXT`,
    });
  }
  if (format === "json" || format === "ndjson" || ctx.globals().quiet === true) return;
  for (const line of resolutionNotes(resolution)) ctx.io.err(line);
  if (resolution.location === null)
    ctx.io.err(`no location-based emission factor found for ${where}`);
  if (resolution.marketBasis === "location_fallback") {
    ctx.io.err(
      `no market-based factor for ${where}: the market-based figure uses the location-based factor`,
    );
  }
}

function proxyText(factor: ResolvedFactor): string {
  return `proxy ${factor.key} ${factor.country ?? ""} ${factor.year ?? ""} (${factor.source})`;
}

/** What a reader of the rows must know: proxies, heating values and GWP sets converted. */
export function resolutionNotes(resolution: FactorResolution): string[] {
  const notes: string[] = [];
  for (const { basis, factor } of resolvedRows(resolution)) {
    if (basis === "market" && factor === resolution.location) continue;
    if (factor.step === "proxy")
      notes.push(`${basis}: ${proxyText(factor)} stands in: ${factor.proxyReason ?? ""}`);
    if (factor.calorificRatio !== null) {
      notes.push(
        `${basis}: the quantity converts to the factor's ${factor.calorificBasis ?? ""} CV at ${factor.calorificRatio} (${factor.calorificRatioSource ?? ""})`,
      );
    }
    if (factor.convertedFromGwpSet !== null) {
      notes.push(
        `${basis}: co2e restated in ${factor.gwpSet} from the factor's gases (published in ${factor.convertedFromGwpSet})`,
      );
    } else if (resolution.gwpSet !== null && factor.gwpSet !== resolution.gwpSet) {
      notes.push(
        `${basis}: co2e kept in ${factor.gwpSet}, as published: the factor gives no gases to restate in ${resolution.gwpSet}`,
      );
    }
  }
  if (resolution.refusedProxy !== null) {
    notes.push(`location: the ${proxyText(resolution.refusedProxy)} is refused (proxy policy)`);
  }
  return notes;
}
