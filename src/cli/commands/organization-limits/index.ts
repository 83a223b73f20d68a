import { Command } from "commander";
import type { Context } from "../../context.js";
import { deleteCommand } from "./delete.js";
import { getCommand } from "./get.js";
import { listCommand } from "./list.js";
import { upsertCommand } from "./upsert.js";

/** A company's organizational boundaries: list, get, upsert, delete (docs/organization-limits.md). */
export function organizationLimitsCommand(ctx: Context): Command {
  return new Command("organization-limits")
    .description("Organizational boundaries of a company: approach, period, members and shares")
    .addCommand(listCommand(ctx))
    .addCommand(getCommand(ctx))
    .addCommand(upsertCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
