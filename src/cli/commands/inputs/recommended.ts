import { Command } from "commander";
import type { RecommendedInputAnswer } from "../../../core/model/recommended-input.js";
import type { Context } from "../../context.js";

export interface RecommendedOptions {
  readonly country: string;
  readonly type?: string;
}

export function recommendedCommand(
  ctx: Context,
  run: (ctx: Context, opts: RecommendedOptions) => Promise<void> = runRecommended,
): Command {
  return new Command("recommended")
    .description("What the factor library can price in a country: providers, fuels, heat, waste")
    .requiredOption("--country <cc>", "ISO country code, e.g. ES")
    .option("--type <type[,type]>", "provider, fuel, heat or waste (default: all)")
    .addHelpText(
      "after",
      [
        "",
        "Each row is a subcategory (its code is what a consumption takes) with the factor it",
        "resolves to in the country: the country's own row of this year or the latest before,",
        "else a global default. provider is the country's grid electricity (the library holds no",
        "retailer's published mix yet), with the residual mix as its market-based factor.",
        "Every page is read.",
        "",
        "Examples:",
        "  $ carbon inputs recommended --country ES --type provider",
        "  $ carbon inputs recommended --country GB --type fuel,waste",
        "  $ carbon inputs recommended --country ES --json",
      ].join("\n"),
    )
    .action(async (flags: RecommendedOptions) => {
      await run(ctx, flags);
    });
}

export async function runRecommended(ctx: Context, opts: RecommendedOptions): Promise<void> {
  const [{ parseChoices, parseCountry }, { renderList }, { recommendedColumns }, model] =
    await Promise.all([
      import("../../flags.js"),
      import("../../output/format.js"),
      import("./columns.js"),
      import("../../../core/model/recommended-input.js"),
    ]);
  const country = parseCountry("--country", opts.country);
  const types =
    opts.type === undefined
      ? undefined
      : parseChoices("--type", [opts.type], model.recommendedInputTypes);
  const service = await ctx.service();
  const rows: RecommendedInputAnswer[] = [];
  // Every page, as many as the server's total says, whatever page size it used.
  for (let page = 1; ; page += 1) {
    const answer = await service.inputs.recommended({
      country,
      ...(types === undefined ? {} : { types }),
      page,
      limit: 100,
    });
    rows.push(...answer.data);
    if (answer.data.length === 0 || rows.length >= answer.pagination.total) break;
  }
  renderList(ctx.io, ctx.format(), rows, recommendedColumns);
}
