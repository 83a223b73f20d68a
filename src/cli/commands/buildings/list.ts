import type { Command } from "commander";
import type { Context } from "../../context.js";
import {
  type CompanyListOptions,
  type CompanyListSpec,
  companyListCommand,
  runCompanyList,
} from "../company-list.js";

export type ListOptions = CompanyListOptions;

const spec: CompanyListSpec<"buildings"> = {
  name: "buildings",
  description: "List buildings",
  companyHelp: "only the buildings of this company",
  examples: [
    "carbon buildings list",
    "carbon buildings list --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --all --format csv",
    'carbon buildings list --company "Acme Offices"',
  ],
  list: (service, query) => service.buildings.list(query),
  columns: async () => (await import("./columns.js")).buildingColumns,
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
