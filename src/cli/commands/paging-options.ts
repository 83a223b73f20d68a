import type { Command } from "commander";

/** Adds --page, --limit and --all to a list command (values are validated in run). */
export function addPagingOptions(command: Command): Command {
  return command
    .option("--page <n>", "page to show, from 1")
    .option("--limit <n>", "rows per page, 1 to 500 (default 50; 500 with --all)")
    .option("--all", "every row, each page printed as it is read");
}
