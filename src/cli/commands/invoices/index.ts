import { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceGetCommand, resourceListCommand } from "../resource-verbs.js";
import { deleteCommand } from "./delete.js";
import { invoicesFace } from "./face.js";
import { importCommand } from "./import.js";
import { upsertCommand } from "./upsert.js";

/** list and get from the resource verbs; upsert with its lines, delete and import. */
export function invoicesCommand(ctx: Context): Command {
  return new Command("invoices")
    .addCommand(resourceListCommand(ctx, invoicesFace))
    .addCommand(resourceGetCommand(ctx, invoicesFace))
    .addCommand(upsertCommand(ctx))
    .addCommand(deleteCommand(ctx))
    .addCommand(importCommand(ctx));
}
