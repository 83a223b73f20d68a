import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { dashboardCommand } from "./dashboard.js";
import { deleteCommand } from "./delete.js";
import { certificatesFace } from "./face.js";

/** list, get, upsert and delete of certificates, and the regos dashboard. */
export function certificatesCommand(ctx: Context): Command {
  return resourceCommand(ctx, certificatesFace)
    .addCommand(deleteCommand(ctx))
    .addCommand(dashboardCommand(ctx));
}
