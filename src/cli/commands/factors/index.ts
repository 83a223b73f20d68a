import { Command } from "commander";
import type { Context } from "../../context.js";
import { customCommand } from "./custom/index.js";
import { diffCommand } from "./diff.js";
import { listCommand } from "./list.js";
import { gwpCommand, proxiesCommand } from "./policy.js";
import { releasesCommand } from "./releases.js";
import { resolveCommand } from "./resolve.js";

export function factorsCommand(ctx: Context): Command {
  return new Command("factors")
    .addCommand(listCommand(ctx))
    .addCommand(resolveCommand(ctx))
    .addCommand(gwpCommand(ctx))
    .addCommand(proxiesCommand(ctx))
    .addCommand(releasesCommand(ctx))
    .addCommand(diffCommand(ctx))
    .addCommand(customCommand(ctx));
}
