/**
 * `buildings move --from-csv FILE`: a header row, then one building per line. Columns:
 * `buildingId` (or `id`, so a `buildings list --format csv` export works as is) and, optionally,
 * the target `companyId` (or `to`); an empty target cell takes `--to`. Other columns are
 * ignored. Delimiter `,` or `;`; UTF-8 with or without BOM. Every problem is reported with its
 * line and column before anything is sent.
 */
import { readFileSync } from "node:fs";
import { CsvError, parse } from "csv-parse/sync";
import { CarbonError, type FieldIssue, validationError } from "../../../core/errors.js";
import { isUuid } from "../../../core/ids.js";
import { utf8Text } from "../../../import/text-encoding.js";

export interface MoveLine {
  readonly buildingId: string;
  readonly companyId: string;
  /** 1-based line in the file. */
  readonly line: number;
}

const BUILDING_COLUMNS = ["buildingId", "id"];
const TARGET_COLUMNS = ["companyId", "to"];

function readText(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CarbonError("usage", `cannot read --from-csv ${file}: ${String(error)}`, {
      cause: error,
    });
  }
  return utf8Text(file, bytes);
}

interface Row {
  readonly cells: readonly string[];
  /** 1-based line of the file where the row ends. */
  readonly line: number;
}

function rowsOf(file: string, text: string): Row[] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  try {
    const records: unknown[] = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
    return records.map((value) => {
      // A parsed boundary: with `info: true` csv-parse yields {record, info}; its typings do not say so.
      const { record, info } = value as { record: string[]; info: { lines: number } };
      return { cells: record, line: info.lines };
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === "number" ? error.lines : undefined;
    throw validationError(`${file} is not valid CSV`, [
      { ...(line === undefined ? {} : { line }), path: "", message: error.message },
    ]);
  }
}

/** The (building, target) pairs of the file, in file order; `defaultTarget` fills empty targets. */
export function readMoveCsv(file: string, defaultTarget: string | undefined): MoveLine[] {
  const [first, ...rows] = rowsOf(file, readText(file));
  const header = first?.cells ?? [];
  const buildingAt = header.findIndex((name) => BUILDING_COLUMNS.includes(name));
  const targetAt = header.findIndex((name) => TARGET_COLUMNS.includes(name));
  if (buildingAt < 0) {
    throw validationError(`${file} has no building column`, [
      {
        line: 1,
        path: "",
        message: `expected a column named ${BUILDING_COLUMNS.join(" or ")}, got ${header.join(", ") || "nothing"}`,
      },
    ]);
  }
  const buildingColumn = header[buildingAt] ?? "buildingId";
  const targetColumn = header[targetAt] ?? "to";
  const issues: FieldIssue[] = [];
  const lines: MoveLine[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { cells: row, line } of rows) {
    const building = (row[buildingAt] ?? "").toLowerCase();
    const target = (targetAt < 0 ? "" : (row[targetAt] ?? "")).toLowerCase() || defaultTarget;
    const bad = (path: string, message: string) => issues.push({ line, path, message });
    if (!isUuid(building)) {
      bad(buildingColumn, `expected a building UUID, got "${row[buildingAt] ?? ""}"`);
    } else if (firstLineOf.has(building)) {
      bad(
        buildingColumn,
        `duplicate building ${building} (also on line ${firstLineOf.get(building)})`,
      );
    } else {
      firstLineOf.set(building, line);
    }
    if (target === undefined) bad(targetColumn, "no target company: fill the column or give --to");
    else if (!isUuid(target)) bad(targetColumn, `expected a company UUID, got "${target}"`);
    if (target !== undefined) lines.push({ buildingId: building, companyId: target, line });
  }
  if (issues.length > 0) {
    throw validationError(
      `${file}: ${issues.length} problem${issues.length === 1 ? "" : "s"}; nothing was moved`,
      issues,
    );
  }
  if (lines.length === 0) throw validationError(`${file} names no building`);
  return lines;
}
