import { Command } from "commander";
import type { Context } from "../../context.js";

export interface SubmitOptions {
  readonly file: string;
  readonly dryRun: boolean;
  /** A CSV file's delimiter and encoding as typed; else detected, as for every CSV. */
  readonly delimiter?: string | undefined;
  readonly encoding?: string | undefined;
}

interface SubmitFlags {
  readonly dryRun?: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
}

export function submitCommand(
  ctx: Context,
  run: (ctx: Context, opts: SubmitOptions) => Promise<void> = runSubmit,
): Command {
  return new Command("submit")
    .description(
      "Validate, calculate and store GLEC entries from a JSON, NDJSON or CSV file (the same entry id replaces)",
    )
    .argument("<file>", "a .json (one entry or an array), .ndjson, or .csv (one action per row)")
    .option("--dry-run", "validate and print the calculation per leg; store nothing")
    .option(
      "--delimiter <char>",
      "CSV field delimiter, one character such as ; or tab (default: detected from the header)",
    )
    .option(
      "--encoding <name>",
      'CSV text encoding: utf-8 (default, checked), windows-1252 (a spreadsheet\'s plain "CSV"), utf-16le',
    )
    .addHelpText(
      "after",
      "\nThe whole file is validated and calculated first: if any entry is bad, nothing is sent or\nstored. Codes, the calculation and the CSV columns are in docs/glec.md. A CSV is read as\nevery CSV: delimiter , ; or tab detected from the header, UTF-8 with or without BOM.\n\nMeasured fuel (energyQuantity) is the whole vehicle's: each such leg gives one way to allocate\nit by tonne-km (ISO 14083): totalTransportActivity (tkm of the vehicle operation), totalLoad,\nor loadFactor with payloadCapacity. An electric leg gives the country of its grid.\n\nExamples:\n  $ carbon glec submit fixtures/glec/shipment-zaragoza-rotterdam.json --dry-run\n  $ carbon glec submit shipments.csv\n  $ carbon glec submit envios.csv --encoding windows-1252\n  $ carbon glec submit shipments.ndjson --json",
    )
    .action(async (file: string, flags: SubmitFlags) => {
      await run(ctx, {
        file,
        dryRun: flags.dryRun === true,
        delimiter: flags.delimiter,
        encoding: flags.encoding,
      });
    });
}

export async function runSubmit(ctx: Context, opts: SubmitOptions): Promise<void> {
  const [{ loadGlecFile }, { shippedGlecFactors }, { preflight }, format, columns, { csvOptions }] =
    await Promise.all([
      import("../../../import/glec-file.js"),
      import("../../../shipped/glec-factors.js"),
      import("./preflight.js"),
      import("../../output/format.js"),
      import("./columns.js"),
      import("../../../import/csv-source.js"),
    ]);
  const entries = await loadGlecFile(opts.file, shippedGlecFactors(), csvOptions(opts));
  const quiet = ctx.globals().quiet === true;
  const service = await ctx.service();
  if (opts.dryRun) {
    const rows = [];
    for (const entry of entries) {
      ctx.signal.throwIfAborted();
      const calculation = await service.glec.calculate(entry);
      if (!quiet) ctx.io.err(columns.totalsLine(entry.id.toLowerCase(), calculation));
      rows.push(...columns.legRows(entry.id.toLowerCase(), calculation));
    }
    format.renderList(ctx.io, ctx.format(), rows, columns.legColumns);
    if (!quiet) ctx.io.err(`dry run: ${entries.length} entries valid, nothing stored`);
    return;
  }
  await preflight(service, entries);
  const receipts = [];
  for (const entry of entries) {
    ctx.signal.throwIfAborted();
    receipts.push(await service.glec.submit(entry));
  }
  format.renderList(ctx.io, ctx.format(), receipts, columns.receiptColumns);
}
