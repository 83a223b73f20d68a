import { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceGetCommand, resourceListCommand } from "../resource-verbs.js";
import { deleteCommand } from "./delete.js";
import { suppliersFace } from "./face.js";
import { importCommand } from "./import.js";
import { upsertCommand } from "./upsert.js";

/** list and get from the resource verbs; upsert, import and delete of their own. */
export function suppliersCommand(ctx: Context): Command {
  return new Command("suppliers")
    .addCommand(resourceListCommand(ctx, suppliersFace))
    .addCommand(resourceGetCommand(ctx, suppliersFace))
    .addCommand(upsertCommand(ctx))
    .addCommand(importCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
