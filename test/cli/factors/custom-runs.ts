/** The custom factors list and get runs, as the derived commands call them. */
import { customFactorsFace } from "../../../src/cli/commands/factors/custom/face.js";
import { runResourceGet, runResourceList } from "../../../src/cli/commands/resource-run.js";
import type { Context } from "../../../src/cli/context.js";

export function runCustomList(
  ctx: Context,
  opts: {
    readonly company: string;
    readonly page?: string;
    readonly limit?: string;
    readonly all: boolean;
  },
): Promise<void> {
  const { company, ...paging } = opts;
  return runResourceList(ctx, customFactorsFace, { ...paging, filters: { companyId: company } });
}

export function runCustomGet(ctx: Context, opts: { readonly id: string }): Promise<void> {
  return runResourceGet(ctx, customFactorsFace, opts);
}
