import { Command } from "commander";
import type { CustomFactor } from "../../../../core/model/factor.js";
import type { Context } from "../../../context.js";
import type { Column } from "../../../output/format.js";
import { addPagingOptions } from "../../paging-options.js";

export interface ListOptions {
  readonly company: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface ListFlags {
  readonly company: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all?: boolean;
}

/** Columns of a custom factor; `codes` maps category ids to codes people recognise. */
export function customFactorColumns(
  codes: ReadonlyMap<string, string>,
): readonly Column<CustomFactor>[] {
  return [
    { header: "id", value: (factor) => factor.id },
    { header: "category", value: (factor) => codes.get(factor.categoryId) ?? factor.categoryId },
    { header: "basis", value: (factor) => factor.basis },
    { header: "year", value: (factor) => factor.year },
    { header: "unit", value: (factor) => factor.unit },
    { header: "co2e", value: (factor) => factor.co2e },
    { header: "co2", value: (factor) => factor.co2 },
    { header: "ch4", value: (factor) => factor.ch4 },
    { header: "n2o", value: (factor) => factor.n2o },
    { header: "source", value: (factor) => factor.source },
  ];
}

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return addPagingOptions(
    new Command("list")
      .description("List a company's custom emission factors")
      .requiredOption("--company <id|name>", "the company"),
  )
    .addHelpText(
      "after",
      "\nExamples:\n  $ carbon factors custom list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f\n  $ carbon factors custom list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --json",
    )
    .action(async (flags: ListFlags) => {
      await run(ctx, {
        company: flags.company,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
      });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [flags, { printList }, { idResolver }] = await Promise.all([
    import("../../../flags.js"),
    import("../../../paging.js"),
    import("../../../id-resolver.js"),
  ]);
  const paging = flags.parsePaging(opts);
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const service = await ctx.service();
  await service.companies.get(companyId); // an unknown company is "not found", not an empty list
  const categories = await service.categories.list({ level: "subcategory" });
  const codes = new Map(categories.data.map((category) => [category.id, category.code]));
  await printList(ctx, service, paging, {
    list: "customFactors",
    filter: { companyId },
    page: (query) => service.customFactors.list({ ...query, companyId }),
    columns: customFactorColumns(codes),
  });
}
