/**
 * `buildings move --from-csv FILE`: a header row, then one building per line. Columns:
 * `buildingId` (or `id`, so a `buildings list --format csv` export works as is) and, optionally,
 * the target `companyId` (or `to`); an empty target cell takes `--to`. Other columns are
 * ignored. The file is read as every CSV is (import/csv-source.ts: delimiter detected from the
 * header, UTF-8 with or without BOM unless an encoding is given). Every problem is reported with
 * its line and column before anything is sent.
 */
import { type FieldIssue, validationError } from "../../../core/errors.js";
import { isUuid } from "../../../core/ids.js";
import {
  type CsvRecord,
  CsvSyntaxError,
  type OpenCsvOptions,
  readCsvRecords,
} from "../../../import/csv-source.js";

export interface MoveLine {
  readonly buildingId: string;
  readonly companyId: string;
  /** 1-based line in the file. */
  readonly line: number;
}

const BUILDING_COLUMNS = ["buildingId", "id"];
const TARGET_COLUMNS = ["companyId", "to"];

/** The file's records with every cell trimmed; broken quoting is a validation error. */
async function rowsOf(file: string, csv: OpenCsvOptions): Promise<CsvRecord[]> {
  try {
    const records = await readCsvRecords(file, { ...csv, header: "buildingId,companyId" });
    return records.map(({ line, cells }) => ({ line, cells: cells.map((cell) => cell.trim()) }));
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw validationError(`${file} is not valid CSV`, [
      { line: error.line, path: "", message: error.message },
    ]);
  }
}

/**
 * The (building, target) pairs of the file, in file order; `defaultTarget` fills empty targets.
 * `csv` forces a delimiter or an encoding.
 */
export async function readMoveCsv(
  file: string,
  defaultTarget: string | undefined,
  csv: OpenCsvOptions = {},
): Promise<MoveLine[]> {
  const [first, ...rows] = await rowsOf(file, csv);
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
