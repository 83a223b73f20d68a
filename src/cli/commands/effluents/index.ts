import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { deleteCommand } from "./delete.js";
import { effluentsFace } from "./face.js";
import { importCommand } from "./import.js";
import { summaryCommand } from "./summary.js";

/** list, get and upsert of effluent records (resource-verbs.ts), delete, import, and the summary. */
export function effluentsCommand(ctx: Context): Command {
  return resourceCommand(ctx, effluentsFace)
    .addCommand(deleteCommand(ctx))
    .addCommand(importCommand(ctx))
    .addCommand(summaryCommand(ctx));
}
