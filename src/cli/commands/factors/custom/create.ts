import { Command } from "commander";
import type { Context } from "../../../context.js";

export interface CreateOptions {
  readonly company: string;
  readonly category: string;
  readonly unit: string;
  readonly co2e: string;
  readonly co2?: string;
  readonly ch4?: string;
  readonly n2o?: string;
  readonly year?: string;
  readonly validFrom?: string;
  readonly validTo?: string;
  readonly basis?: string;
  readonly source: string;
  readonly id?: string;
  readonly dryRun?: boolean;
}

type CreateFlags = CreateOptions;

const HELP = `
A custom factor beats the default library for that company (step company_custom in
\`carbon factors resolve\`) on the days it is valid: --valid-from and --valid-to (both included,
each optional: open-ended), or --year Y, the shorthand for Y-01-01 to Y-12-31; without any, every
day. A consumption whose period a validity starts or ends in is cut there, each stretch of days
priced with what is valid on it. Of two factors valid on one day (same company, subcategory and
basis) the one whose validity starts later wins, then the one that ends sooner, then the newest.

The company's stored emissions the factor can move (its subcategory's, with a day in its
validity before or after the change) are recalculated at once; what moved is printed on stderr
per scope and category. --dry-run prints it and stores nothing. The specification only reads
custom factors: against a server that does not announce POST /emission-factors/custom (the
hosted service) this exits 2; validity dates and --dry-run need its customFactorValidity too.

Examples:
  $ carbon factors custom create --company Acme --category electricity --basis market \\
      --unit kWh --co2e 0.05 --year 2024 --source "Supplier X 2024 fuel mix disclosure"
  $ carbon factors custom create --company Acme --category electricity --unit kWh \\
      --co2e 0.05 --valid-from 2025-04-01 --source "Supplier X contract from April 2025" --dry-run`;

export function createCommand(
  ctx: Context,
  run: (ctx: Context, opts: CreateOptions) => Promise<void> = runCreate,
): Command {
  return new Command("create")
    .description(
      "Add or change a company-specific emission factor, valid on some days (locally, or on a server that offers it: carbon serve does)",
    )
    .requiredOption("--company <id|name>", "the company the factor belongs to")
    .requiredOption("--category <code|uuid>", "subcategory code (e.g. electricity) or id")
    .requiredOption("--unit <unit>", "activity unit the factor is per, e.g. kWh")
    .requiredOption("--co2e <kg>", "kgCO2e per unit")
    .option("--co2 <kg>", "kgCO2 per unit")
    .option("--ch4 <kg>", "kgCH4 per unit")
    .option("--n2o <kg>", "kgN2O per unit")
    .option("--valid-from <date>", "first day it is valid, YYYY-MM-DD (default: always)")
    .option("--valid-to <date>", "last day it is valid, included, YYYY-MM-DD (default: open-ended)")
    .option("--year <year>", "shorthand for --valid-from YEAR-01-01 --valid-to YEAR-12-31")
    .option("--basis <basis>", "location or market (market feeds the scope 2 market-based figure)")
    .requiredOption("--source <text>", "where the figure comes from, e.g. a supplier disclosure")
    .option("--id <uuid>", "id to use (default: a new random UUID); the same id updates")
    .option("--dry-run", "print what the recalculation would move; store nothing")
    .addHelpText("after", HELP)
    .action(async (flags: CreateFlags) => {
      await run(ctx, { ...flags, dryRun: flags.dryRun === true });
    });
}

export async function runCreate(ctx: Context, opts: CreateOptions): Promise<void> {
  const [
    flags,
    { newId },
    { CategoryIndex },
    { factorBases },
    { CarbonError, usageError },
    { renderObject },
    columns,
    { idResolver },
    { isCalendarDate },
    recalculation,
  ] = await Promise.all([
    import("../../../flags.js"),
    import("../../../../core/ids.js"),
    import("../../../../core/category-index.js"),
    import("../../../../core/model/factor.js"),
    import("../../../../core/errors.js"),
    import("../../../output/format.js"),
    import("./columns.js"),
    import("../../../id-resolver.js"),
    import("../../../../core/model/text-values.js"),
    import("./change-report.js"),
  ]);
  const gas = (flag: string, value: string | undefined): number | null =>
    value === undefined ? null : flags.parseNumber(flag, value, 0);
  const day = (flag: string, value: string | undefined): string | undefined => {
    if (value === undefined) return undefined;
    const text = value.trim();
    if (!isCalendarDate(text)) {
      throw usageError(`invalid ${flag} "${value}": expected a date YYYY-MM-DD`);
    }
    return text;
  };
  if (opts.year !== undefined && (opts.validFrom !== undefined || opts.validTo !== undefined)) {
    throw usageError(
      "--year is the shorthand for --valid-from YEAR-01-01 --valid-to YEAR-12-31: give one or the other",
    );
  }
  const validFrom = day("--valid-from", opts.validFrom);
  const validTo = day("--valid-to", opts.validTo);
  const categoryText = flags.parseText("--category", opts.category);
  const fields = {
    id: opts.id === undefined ? newId() : flags.parseUuid("--id", opts.id),
    basis:
      opts.basis === undefined ? "location" : flags.parseChoice("--basis", opts.basis, factorBases),
    // Only what was given is sent: a server never reads null for an absent field.
    ...(opts.year === undefined ? {} : { year: flags.parseYear("--year", opts.year) }),
    ...(validFrom === undefined ? {} : { validFrom }),
    ...(validTo === undefined ? {} : { validTo }),
    unit: flags.parseText("--unit", opts.unit),
    co2e: flags.parseNumber("--co2e", opts.co2e, 0),
    co2: gas("--co2", opts.co2),
    ch4: gas("--ch4", opts.ch4),
    n2o: gas("--n2o", opts.n2o),
    source: flags.parseText("--source", opts.source),
  };
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const input = { ...fields, companyId };

  const service = await ctx.service();
  await service.companies.get(companyId);
  const subcategories = (await service.categories.list({ level: "subcategory" })).data;
  const category = new CategoryIndex(subcategories).find(categoryText);
  if (category === undefined) {
    throw new CarbonError("not_found", `category "${categoryText}" not found`, {
      hint: "a custom factor is for a subcategory: see `carbon categories list --level subcategory`",
    });
  }
  const dryRun = opts.dryRun === true;
  const change = await service.customFactors.change(
    { ...input, categoryId: category.id },
    { dryRun },
  );
  const codes = new Map([[category.id, category.code]]);
  const shown =
    change.recalculation === null
      ? change.factor
      : { ...change.factor, recalculation: change.recalculation };
  renderObject(ctx.io, ctx.format(), shown, columns.customFactorColumns(codes));
  if (ctx.globals().quiet !== true) recalculation.reportChange(ctx, change, dryRun);
}
