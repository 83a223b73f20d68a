import { Command } from "commander";
import type { Context } from "../../context.js";
import {
  resourceGetCommand,
  resourceListCommand,
  resourceUpsertCommand,
} from "../resource-verbs.js";
import { deleteCommand } from "./delete.js";
import { buildingsFace } from "./face.js";
import { moveCommand } from "./move.js";

/** list, get and upsert (`create`) from the resource verbs; move and delete of their own. */
export function buildingsCommand(ctx: Context): Command {
  return new Command("buildings")
    .addCommand(resourceListCommand(ctx, buildingsFace))
    .addCommand(resourceGetCommand(ctx, buildingsFace))
    .addCommand(resourceUpsertCommand(ctx, buildingsFace))
    .addCommand(moveCommand(ctx))
    .addCommand(deleteCommand(ctx));
}
