import type { Command } from "commander";
import type { Context } from "../../context.js";
import {
  type CompanyListOptions,
  type CompanyListSpec,
  companyListCommand,
  runCompanyList,
} from "../company-list.js";

export type ListOptions = CompanyListOptions;

const spec: CompanyListSpec<"glecEntries"> = {
  name: "glecEntries",
  description: "List GLEC entries with their totals (tonne-km, TTW, WTT, WTW, g CO2e/tkm)",
  companyHelp: "only the entries of this company",
  examples: [
    "carbon glec list",
    "carbon glec list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --all --format csv",
  ],
  list: (service, query) => service.glec.list(query),
  columns: async () => (await import("./columns.js")).entryColumns,
};

export function listCommand(
  ctx: Context,
  run: (ctx: Context, opts: ListOptions) => Promise<void> = runList,
): Command {
  return companyListCommand(ctx, spec, run);
}

export async function runList(ctx: Context, opts: ListOptions): Promise<void> {
  await runCompanyList(ctx, opts, spec);
}
