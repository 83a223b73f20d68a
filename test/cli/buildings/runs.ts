/** The buildings verbs' runs, as the derived commands call them, with the flags they had. */
import { buildingsFace } from "../../../src/cli/commands/buildings/face.js";
import {
  runResourceGet,
  runResourceList,
  runResourceUpsert,
} from "../../../src/cli/commands/resource-run.js";
import type { Context } from "../../../src/cli/context.js";

export function runList(
  ctx: Context,
  opts: {
    readonly company?: string;
    readonly page?: string;
    readonly limit?: string;
    readonly all: boolean;
  },
): Promise<void> {
  const { company, ...paging } = opts;
  return runResourceList(ctx, buildingsFace, { ...paging, filters: { companyId: company } });
}

export function runGet(ctx: Context, opts: { readonly id: string }): Promise<void> {
  return runResourceGet(ctx, buildingsFace, opts);
}

export function runCreate(
  ctx: Context,
  opts: {
    readonly company: string;
    readonly name: string;
    readonly country?: string;
    readonly id?: string;
  },
): Promise<void> {
  const { id, company, ...fields } = opts;
  return runResourceUpsert(ctx, buildingsFace, {
    ...(id === undefined ? {} : { id }),
    fields: { ...fields, companyId: company },
  });
}
