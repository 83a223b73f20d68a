import { Command } from "commander";
import type { FactorResolution, ResolvedFactor } from "../../../core/model/factor.js";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export interface ResolveOptions {
  readonly category: string;
  readonly country: string;
  readonly year: string;
  readonly company?: string;
}

interface ResolveFlags {
  readonly category: string;
  readonly country: string;
  readonly year: string;
  readonly company?: string;
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
  { header: "country", value: (row) => row.factor.country },
  { header: "year", value: (row) => row.factor.year },
  { header: "unit", value: (row) => row.factor.unit },
  { header: "co2e", value: (row) => row.factor.co2e },
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
    .addHelpText(
      "after",
      "\nThe step column says how the factor was found: company_custom, country_year,\ncountry_earlier_year (the latest year before) or global_default. For scope 2 a second\nrow gives the market-based factor. When no factor is found the command exits 5.\n\nExamples:\n  $ carbon factors resolve --category electricity --country ES --year 2024\n  $ carbon factors resolve --category natural_gas --country GB --year 2025 --json",
    )
    .action(async (flags: ResolveFlags) => {
      await run(ctx, {
        category: flags.category,
        country: flags.country,
        year: flags.year,
        company: flags.company,
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
  const query = { category, country, year, ...(companyId === undefined ? {} : { companyId }) };
  const service = await ctx.service();
  const resolution = await service.factors.resolve(query);
  const format = ctx.format();
  if (format === "json" || format === "ndjson") renderObject(ctx.io, format, resolution, []);
  else renderList(ctx.io, format, resolvedRows(resolution), resolvedColumns);
  const where = `${resolution.categoryCode} in ${resolution.country ?? "any country"} ${resolution.year}`;
  if (resolution.location === null && resolution.market === null) {
    // A CI job that checks its factors must see the gap in the exit code, not only on stderr.
    const { CarbonError } = await import("../../../core/errors.js");
    throw new CarbonError("not_found", `no emission factor found for ${where}`, {
      hint: `record your own with carbon factors custom create --company ID --category ${resolution.categoryCode} --co2e KG --unit UNIT --source TEXT`,
    });
  }
  if (format === "json" || format === "ndjson" || ctx.globals().quiet === true) return;
  if (resolution.location === null)
    ctx.io.err(`no location-based emission factor found for ${where}`);
  if (resolution.marketBasis === "location_fallback") {
    ctx.io.err(
      `no market-based factor for ${where}: the market-based figure uses the location-based factor`,
    );
  }
}
