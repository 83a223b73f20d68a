import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceUpsertCommand } from "../resource-verbs.js";
import { invoicesFace } from "./face.js";

function collect(value: string, previous: readonly string[] = []): string[] {
  return [...previous, value];
}

/** The derived upsert, plus `--line QUANTITY:UNIT[:FUEL]`, repeatable: the invoice's lines. */
export function upsertCommand(ctx: Context): Command {
  const command: Command = resourceUpsertCommand(ctx, invoicesFace, async (c, face, opts) => {
    const lines = command.opts<{ line?: string[] }>().line ?? [];
    const [{ parseLines }, { runResourceUpsert }] = await Promise.all([
      import("./lines.js"),
      import("../resource-run.js"),
    ]);
    await runResourceUpsert(c, face, { ...opts, extra: { lines: parseLines(lines) } });
  });
  command.option(
    "--line <quantity:unit[:fuel]>",
    "a line of the invoice, repeatable: 1000:kWh, 5000:kWh:natural_gas, 2:t",
    collect,
  );
  command.addHelpText(
    "after",
    [
      "",
      "Each --line becomes one consumption of the invoice (entityId = the invoice id) with its",
      "emission, saved in one transaction with it; a re-save updates them, and a line dropped on",
      "re-save removes its consumption. A draft keeps its lines but counts nothing until valid.",
      "Waste invoices need --waste-type and --disposal, which choose the factor.",
    ].join("\n"),
  );
  return command;
}
