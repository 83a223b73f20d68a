/** The suppliers list and get runs, as the derived commands call them. */
import { runResourceGet, runResourceList } from "../../../src/cli/commands/resource-run.js";
import { suppliersFace } from "../../../src/cli/commands/suppliers/face.js";
import type { Context } from "../../../src/cli/context.js";

export function runList(
  ctx: Context,
  opts: {
    readonly company?: string;
    readonly type?: string;
    readonly page?: string;
    readonly limit?: string;
    readonly all: boolean;
  },
): Promise<void> {
  const { company, type, ...paging } = opts;
  return runResourceList(ctx, suppliersFace, { ...paging, filters: { companyId: company, type } });
}

export function runGet(ctx: Context, opts: { readonly id: string }): Promise<void> {
  return runResourceGet(ctx, suppliersFace, opts);
}
