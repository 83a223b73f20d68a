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
  readonly basis?: string;
  readonly source: string;
  readonly id?: string;
}

type CreateFlags = CreateOptions;

export function createCommand(
  ctx: Context,
  run: (ctx: Context, opts: CreateOptions) => Promise<void> = runCreate,
): Command {
  return new Command("create")
    .description(
      "Add a company-specific emission factor (locally, or on a server that offers it: carbon serve does)",
    )
    .requiredOption("--company <id|name>", "the company the factor belongs to")
    .requiredOption("--category <code|uuid>", "subcategory code (e.g. electricity) or id")
    .requiredOption("--unit <unit>", "activity unit the factor is per, e.g. kWh")
    .requiredOption("--co2e <kg>", "kgCO2e per unit")
    .option("--co2 <kg>", "kgCO2 per unit")
    .option("--ch4 <kg>", "kgCH4 per unit")
    .option("--n2o <kg>", "kgN2O per unit")
    .option("--year <year>", "the year it is valid for (default: every year)")
    .option("--basis <basis>", "location or market (market feeds the scope 2 market-based figure)")
    .requiredOption("--source <text>", "where the figure comes from, e.g. a supplier disclosure")
    .option("--id <uuid>", "id to use (default: a new random UUID); the same id updates")
    .addHelpText(
      "after",
      '\nA custom factor beats the default library for that company (step company_custom in\n`carbon factors resolve`). The specification only reads custom factors: against a server\nthat does not announce POST /emission-factors/custom (the hosted service) this exits 2.\n\nExamples:\n  $ carbon factors custom create --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f \\\n      --category electricity --basis market --unit kWh --co2e 0.05 \\\n      --year 2024 --source "Supplier X 2024 fuel mix disclosure"',
    )
    .action(async (flags: CreateFlags) => {
      await run(ctx, {
        company: flags.company,
        category: flags.category,
        unit: flags.unit,
        co2e: flags.co2e,
        co2: flags.co2,
        ch4: flags.ch4,
        n2o: flags.n2o,
        year: flags.year,
        basis: flags.basis,
        source: flags.source,
        id: flags.id,
      });
    });
}

export async function runCreate(ctx: Context, opts: CreateOptions): Promise<void> {
  const [
    flags,
    { newId },
    { CategoryIndex },
    { factorBases },
    { CarbonError },
    { renderObject },
    columns,
    { idResolver },
  ] = await Promise.all([
    import("../../../flags.js"),
    import("../../../../core/ids.js"),
    import("../../../../core/category-index.js"),
    import("../../../../core/model/factor.js"),
    import("../../../../core/errors.js"),
    import("../../../output/format.js"),
    import("./columns.js"),
    import("../../../id-resolver.js"),
  ]);
  const gas = (flag: string, value: string | undefined): number | null =>
    value === undefined ? null : flags.parseNumber(flag, value, 0);
  const categoryText = flags.parseText("--category", opts.category);
  const fields = {
    id: opts.id === undefined ? newId() : flags.parseUuid("--id", opts.id),
    basis:
      opts.basis === undefined ? "location" : flags.parseChoice("--basis", opts.basis, factorBases),
    year: opts.year === undefined ? null : flags.parseYear("--year", opts.year),
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
  const factor = await service.customFactors.upsert({ ...input, categoryId: category.id });
  const codes = new Map([[category.id, category.code]]);
  renderObject(ctx.io, ctx.format(), factor, columns.customFactorColumns(codes));
}
