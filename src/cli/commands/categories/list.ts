import { Command } from "commander";
import type { Category } from "../../../core/model/category.js";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export interface ListOptions {
  readonly level?: string;
}

export const categoryColumns: readonly Column<Category>[] = [
  { header: "id", value: (category) => category.id },
  { header: "level", value: (category) => category.level },
  { header: "code", value: (category) => category.code },
  { header: "name", value: (category) => category.name },
  { header: "parentId", value: (category) => category.parentId },
  { header: "scope", value: (category) => category.scope },
  { header: "defaultUnit", value: (category) => category.defaultUnit },
];

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return new Command("list")
    .description("List the GHG Protocol category tree (scopes, categories, subcategories)")
    .option("--level <level>", "only one level: scope, category or subcategory")
    .addHelpText(
      "after",
      "\nA consumption's category is a subcategory; its code (e.g. natural_gas) is accepted\nwherever a category id is.\n\nExamples:\n  $ carbon categories list\n  $ carbon categories list --level subcategory\n  $ carbon categories list --level scope --json",
    )
    .action(async (flags: { readonly level?: string }) => {
      await run(ctx, { level: flags.level });
    });
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  const [{ parseChoice }, { categoryLevels }, { printList }] = await Promise.all([
    import("../../flags.js"),
    import("../../../core/model/category.js"),
    import("../../paging.js"),
  ]);
  const level =
    opts.level === undefined ? undefined : parseChoice("--level", opts.level, categoryLevels);
  const filter = level === undefined ? {} : { level };
  const service = await ctx.service();
  // The tree is always listed whole, page by page as it comes.
  await printList(
    ctx,
    service,
    { all: true, page: undefined, limit: undefined },
    {
      list: "categories",
      filter,
      page: () => service.categories.list(filter),
      columns: categoryColumns,
    },
  );
}
