/** The companies verbs' runs, as the derived commands call them. */
import { companiesFace } from "../../../src/cli/commands/companies/face.js";
import {
  runResourceGet,
  runResourceList,
  runResourceUpsert,
} from "../../../src/cli/commands/resource-run.js";
import type { Context } from "../../../src/cli/context.js";

export function runList(
  ctx: Context,
  opts: { readonly page?: string; readonly limit?: string; readonly all: boolean },
): Promise<void> {
  return runResourceList(ctx, companiesFace, { ...opts, filters: {} });
}

export function runGet(ctx: Context, opts: { readonly id: string }): Promise<void> {
  return runResourceGet(ctx, companiesFace, opts);
}

export function runCreate(
  ctx: Context,
  opts: { readonly name: string; readonly country?: string; readonly id?: string },
): Promise<void> {
  const { id, ...fields } = opts;
  return runResourceUpsert(ctx, companiesFace, { ...(id === undefined ? {} : { id }), fields });
}
