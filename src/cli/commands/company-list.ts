import { Command } from "commander";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { CarbonService, ListRow } from "../../core/service.js";
import type { Context } from "../context.js";
import type { Column } from "../output/format.js";
import { addPagingOptions } from "./paging-options.js";

/**
 * The `list` verb of a resource that lists everything or one company's (`--company ID`), with
 * --page/--limit/--all: buildings and GLEC entries. Only the resource's specifics differ.
 */

export interface CompanyListOptions {
  readonly company?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all: boolean;
}

interface CompanyListFlags {
  readonly company?: string;
  readonly page?: string;
  readonly limit?: string;
  readonly all?: boolean;
}

export interface CompanyListSpec<K extends "buildings" | "glecEntries"> {
  /** The list `--all` streams. */
  readonly name: K;
  readonly description: string;
  /** Help of --company, e.g. "only the buildings of this company". */
  readonly companyHelp: string;
  /** Example command lines, without the `$ `. */
  readonly examples: readonly string[];
  list(
    service: CarbonService,
    query: PageQuery & { readonly companyId?: string },
  ): Promise<Page<ListRow<K>>>;
  /** Loaded when the command runs, not when it is registered. */
  columns(): Promise<readonly Column<ListRow<K>>[]>;
}

export function companyListCommand(
  ctx: Context,
  spec: Pick<CompanyListSpec<"buildings">, "description" | "companyHelp" | "examples">,
  run: (ctx: Context, opts: CompanyListOptions) => Promise<void>,
): Command {
  return addPagingOptions(
    new Command("list")
      .description(spec.description)
      .option("--company <id|name>", spec.companyHelp),
  )
    .addHelpText("after", `\nExamples:\n${spec.examples.map((line) => `  $ ${line}`).join("\n")}`)
    .action(async (flags: CompanyListFlags) => {
      await run(ctx, {
        company: flags.company,
        page: flags.page,
        limit: flags.limit,
        all: flags.all === true,
      });
    });
}

export async function runCompanyList<K extends "buildings" | "glecEntries">(
  ctx: Context,
  opts: CompanyListOptions,
  spec: CompanyListSpec<K>,
): Promise<void> {
  const [flags, { printList }, columns, { idResolver }] = await Promise.all([
    import("../flags.js"),
    import("../paging.js"),
    spec.columns(),
    import("../id-resolver.js"),
  ]);
  const paging = flags.parsePaging(opts);
  const companyId =
    opts.company === undefined
      ? undefined
      : await idResolver(() => ctx.service()).company("--company", opts.company);
  const filter = companyId === undefined ? {} : { companyId };
  const service = await ctx.service();
  await printList(ctx, service, paging, {
    list: spec.name,
    filter,
    page: (query) => spec.list(service, { ...query, ...filter }),
    columns,
  });
}
