import { CarbonError, isCarbonError } from "../../../core/errors.js";
import type { EmissionGroup, GroupKey } from "../../../core/model/emission.js";
import type { GwpSet } from "../../../core/model/factor.js";
import type { EmissionFilter } from "../../../core/ports/emissions.js";
import type { CarbonService } from "../../../core/service.js";
import { YoungGenerationCap } from "../../../runtime/young-generation.js";
import type { Context, GlobalOptions } from "../../context.js";
import type { Io } from "../../io.js";
import { type Column, createRowWriter } from "../../output/format.js";
import { formatOfFile, type OutputFormat } from "../../output/format-names.js";
import { explainCommand } from "./awaiting-note.js";
import { calculationNotes, createTally } from "./calculation-notes.js";
import { type EmissionRow, emissionRecordColumns } from "./columns.js";
import { openFileOutput } from "./file-output.js";
import { summarizer } from "./limit-flag.js";
import { createNameLookup } from "./lookups.js";
import { createRowShaper } from "./record-rows.js";

/** Rows written between two looks at the young generation's size. */
const CAP_CHECK_ROWS = 1000;

/** The database's GWP set, or null where the engine does not show it (a server): only for a note. */
async function gwpSetOf(service: CarbonService): Promise<GwpSet | null> {
  try {
    return (await service.factors.policy()).gwpSet;
  } catch (error) {
    if (isCarbonError(error)) return null;
    throw error;
  }
}

async function* tallied(
  rows: AsyncIterable<EmissionRow>,
  tally: ReturnType<typeof createTally>,
): AsyncIterable<EmissionRow> {
  for await (const row of rows) {
    tally.add(row);
    yield row;
  }
}

export type ExportFormat = Exclude<OutputFormat, "table">;

/**
 * --json or --format, else what the --output file's extension says, else csv (also on a
 * terminal); a table is not an export.
 */
export function exportFormat(globals: GlobalOptions, output?: string): ExportFormat {
  if (globals.json === true) return "json";
  const format =
    globals.format ?? (output === undefined ? undefined : formatOfFile(output)) ?? "csv";
  if (format === "table") {
    throw new CarbonError("usage", 'invalid --format "table": expected csv, tsv, json or ndjson', {
      hint: "for a table on the terminal use `carbon emissions list` or `carbon emissions dashboard`",
    });
  }
  return format;
}

export interface ExportRequest {
  readonly filter: EmissionFilter;
  /** Undefined: every emission record; else totals grouped by these keys. */
  readonly groupBy: readonly GroupKey[] | undefined;
  readonly format: ExportFormat;
  readonly output?: string;
  /** Readable columns beside the ids: building name, category code (and quantity, unit). */
  readonly withNames?: boolean;
  /** Totals consolidated by this organization limit of the filter's company. */
  readonly limitId?: string;
}

/** Keys whose values have a readable label: the building's name, the category's name. */
const labelled: ReadonlySet<GroupKey> = new Set(["building", "category", "subcategory"]);

/** Key columns in the order asked (each with its name beside under --with-names), then the figures. */
export function groupColumns(
  groupBy: readonly GroupKey[],
  withNames = false,
): Column<EmissionGroup>[] {
  const keyColumns = groupBy.flatMap((key): Column<EmissionGroup>[] => {
    const value: Column<EmissionGroup> = { header: key, value: (group) => group.key[key] };
    if (!withNames || !labelled.has(key)) return [value];
    return [value, { header: `${key}Name`, value: (group) => group.label[key] }];
  });
  return [
    ...keyColumns,
    { header: "co2e", value: (group) => group.co2e },
    { header: "co2eMarketBased", value: (group) => group.co2eMarketBased },
    { header: "count", value: (group) => group.count },
    { header: "awaitingFactor", value: (group) => group.awaitingFactor },
  ];
}

/** The opening of the json document, up to and including `"data": `; the array follows. */
function jsonHead(meta: Record<string, unknown>): string {
  const text = JSON.stringify(meta, null, 2);
  return `${text.slice(0, text.lastIndexOf("\n}"))},\n  "data": `;
}

async function writeRows<T>(
  ctx: Context,
  io: Io,
  format: ExportFormat,
  columns: readonly Column<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): Promise<number> {
  const writer = createRowWriter(io, format, columns);
  let count = 0;
  // Each row is garbage once written: a small young generation keeps the peak RSS flat, as for
  // `list --all` (checked every so many rows: the check reads the heap's statistics).
  const cap = new YoungGenerationCap();
  try {
    for await (const row of rows) {
      if (ctx.signal.aborted) {
        throw new CarbonError("interrupted", `export interrupted after ${count} rows`);
      }
      await writer.write(row);
      count += 1;
      if (count % CAP_CHECK_ROWS === 0) cap.check();
    }
  } finally {
    cap.release();
  }
  await writer.end();
  return count;
}

/**
 * Streams the export to stdout, or to `output` through a temporary file renamed at the end.
 * Returns the number of rows written.
 */
export async function writeExport(
  ctx: Context,
  service: CarbonService,
  request: ExportRequest,
): Promise<number> {
  const { filter, groupBy, format } = request;
  const summaries = summarizer(ctx, service, request.limitId);
  const summary =
    groupBy !== undefined || format === "json"
      ? await summaries.summarize({ ...filter, groupBy: groupBy ?? [] })
      : undefined;
  const limit = summaries.limit();
  const target =
    request.output === undefined ? undefined : await openFileOutput(ctx.io, request.output);
  const io = target?.io ?? ctx.io;
  try {
    if (format === "json" && summary !== undefined) {
      await io.write(
        jsonHead({
          generatedAt: new Date().toISOString(),
          factorLibraryVersion: summary.factorLibraryVersion,
          gwpSet: summary.gwpSet,
          filters: filter,
          groupBy: groupBy ?? [],
          totals: summary.totals,
          ...(limit === undefined ? {} : { limit }),
        }),
      );
    }
    let count: number;
    let notes: () => Promise<string[]> = async () => [];
    if (groupBy === undefined) {
      const names = request.withNames === true ? await createNameLookup(service) : undefined;
      const shaper = createRowShaper(filter, names);
      const tally = createTally();
      count = await writeRows<EmissionRow>(
        ctx,
        io,
        format,
        emissionRecordColumns(shaper.shape),
        tallied(shaper.rows(service.emissions.stream(filter)), tally),
      );
      notes = async () => {
        const gwpSet = await gwpSetOf(service);
        return calculationNotes(tally.counts(gwpSet), gwpSet, explainCommand(filter));
      };
    } else {
      const columns = groupColumns(groupBy, request.withNames === true);
      count = await writeRows(ctx, io, format, columns, summary?.groups ?? []);
      if (summary !== undefined) {
        notes = async () =>
          calculationNotes(summary.totals, summary.gwpSet, explainCommand(filter));
      }
    }
    if (format === "json") await io.write("}\n");
    await target?.commit();
    // For people at a terminal, as the "wrote N rows" line; a script reads the JSON totals.
    if (ctx.io.stderrIsTty && ctx.globals().quiet !== true) {
      for (const line of await notes()) ctx.io.err(line);
    }
    return count;
  } catch (error) {
    await target?.discard();
    throw error;
  }
}
