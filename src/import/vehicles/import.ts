/**
 * `carbon vehicles import FILE` (docs/vehicles.md): the CSV conventions of the other imports
 * (`,` or `;` detected from the header, UTF-8 with or without BOM, `--encoding`), one column per
 * field named as the field. Every row is checked first, all problems collected with line and
 * column; if any is bad nothing is written. The rows then go to the engine in one call: one
 * transaction locally (all or nothing), one upsert per row against a server. A dry run stores
 * nothing. A row without id gets one derived from its company and licence plate, so importing
 * the same file twice updates the same vehicles. Fleet files are small: rows are held in memory.
 */
import { uuidV5 } from "../../core/ids.js";
import { plateKey, type VehicleInput, vehicleInputSchema } from "../../core/model/vehicle.js";
import type { CarbonService } from "../../core/service.js";
import { type CsvRecord, CsvSyntaxError, csvOptions, openCsvSource } from "../csv-source.js";
import type { RowError } from "../types.js";

export const VEHICLE_COLUMNS = [
  "id",
  "companyId",
  "buildingId",
  "name",
  "licensePlate",
  "vehicleType",
  "vehicleCategory",
  "fuelType",
  "ownership",
  "activeFrom",
  "activeTo",
] as const;
type VehicleColumn = (typeof VEHICLE_COLUMNS)[number];

export interface VehicleImportOptions {
  readonly file: string;
  /** Default for rows without a companyId. */
  readonly companyId?: string;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly dryRun: boolean;
}

export interface VehicleImportReport {
  readonly file: string;
  readonly rowsRead: number;
  readonly inserted: number;
  readonly updated: number;
  readonly rejected: number;
  /** Sorted by line. */
  readonly errors: readonly RowError[];
  readonly errorCount: number;
  readonly dryRun: boolean;
  /** Every row is stored. */
  readonly committed: boolean;
  /** Rows stored (against a server, those sent before a refused one). */
  readonly stored: number;
}

/** The id of a vehicle given without one: the same company and plate, the same id. */
export function vehicleId(companyId: string, plate: string): string {
  return uuidV5(`vehicle:${companyId.toLowerCase()}:${plateKey(plate)}`);
}

interface Row {
  readonly line: number;
  readonly input: VehicleInput;
}

type Columns = ReadonlyMap<VehicleColumn, { readonly index: number; readonly name: string }>;

function mapColumns(header: readonly string[], line: number, errors: RowError[]): Columns {
  const columns = new Map<VehicleColumn, { index: number; name: string }>();
  header.forEach((name, index) => {
    const field = VEHICLE_COLUMNS.find((c) => c.toLowerCase() === name.trim().toLowerCase());
    if (field === undefined) {
      errors.push({
        line,
        column: name,
        message: `unknown column; expected ${VEHICLE_COLUMNS.join(", ")}`,
      });
    } else if (columns.has(field)) {
      errors.push({ line, column: name, message: `column ${field} is given twice` });
    } else {
      columns.set(field, { index, name });
    }
  });
  return columns;
}

/** A row's object: a blank cell is an absent field; the company defaults to the flag's. */
function rowInput(record: CsvRecord, columns: Columns, companyId: string | undefined) {
  const input: Record<string, string> = {};
  for (const [field, column] of columns) {
    const value = (record.cells[column.index] ?? "").trim();
    if (value !== "") input[field] = value;
  }
  if (input.companyId === undefined && companyId !== undefined) input.companyId = companyId;
  if (input.id === undefined && input.companyId !== undefined && input.licensePlate !== undefined) {
    input.id = vehicleId(input.companyId, input.licensePlate);
  }
  return input;
}

function checkRow(
  record: CsvRecord,
  columns: Columns,
  width: number,
  options: VehicleImportOptions,
  seen: Map<string, number>,
): Row | RowError[] {
  const { line } = record;
  if (record.cells.length !== width) {
    return [{ line, column: "", message: `expected ${width} fields, got ${record.cells.length}` }];
  }
  const input = rowInput(record, columns, options.companyId);
  const columnOf = (field: string): string =>
    columns.get(VEHICLE_COLUMNS.find((c) => c === field) ?? "id")?.name ??
    (field === "companyId" ? "--company" : field);
  if (input.id === undefined) {
    return [
      { line, column: "id", message: "expected an id, or a licence plate to derive one from" },
    ];
  }
  const parsed = vehicleInputSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      line,
      column: columnOf(String(issue.path[0] ?? "")),
      message: issue.message,
    }));
  }
  const id = parsed.data.id.toLowerCase();
  const first = seen.get(id);
  if (first !== undefined) {
    return [{ line, column: columnOf("id"), message: `the same vehicle as line ${first}` }];
  }
  seen.set(id, line);
  // The input as written (the engine parses it again); the id as derived.
  return { line, input: { ...parsed.data, id } };
}

export async function importVehicles(
  service: CarbonService,
  options: VehicleImportOptions,
): Promise<VehicleImportReport> {
  if (options.companyId !== undefined) await service.companies.get(options.companyId);
  const source = await openCsvSource(options.file, csvOptions(options));
  const rows: Row[] = [];
  const errors: RowError[] = [];
  const rejectedLines = new Set<number>();
  let rowsRead = 0;
  try {
    let columns: Columns | undefined;
    let width = 0;
    const seen = new Map<string, number>();
    for await (const record of source.records()) {
      if (columns === undefined) {
        columns = mapColumns(record.cells, record.line, errors);
        width = record.cells.length;
        continue;
      }
      rowsRead += 1;
      const checked = checkRow(record, columns, width, options, seen);
      if (Array.isArray(checked)) {
        errors.push(...checked);
        rejectedLines.add(record.line);
      } else {
        rows.push(checked);
      }
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    errors.push({ line: error.line, column: "", message: error.message });
    rejectedLines.add(error.line);
  } finally {
    source.close();
  }
  const report = (counts: Partial<VehicleImportReport>): VehicleImportReport => {
    const sorted = [...errors].sort((a, b) => a.line - b.line);
    return {
      file: options.file,
      rowsRead,
      inserted: 0,
      updated: 0,
      rejected: rejectedLines.size,
      errors: sorted,
      errorCount: sorted.length,
      dryRun: options.dryRun,
      committed: false,
      stored: 0,
      ...counts,
    };
  };
  // A bad header is a rejection of the file; bad rows reject it too: nothing is sent.
  if (errors.length > 0) {
    for (const error of errors) rejectedLines.add(error.line);
    return report({});
  }
  const batch = await service.vehicles.write(
    rows.map((row) => row.input),
    { dryRun: options.dryRun },
  );
  for (const problem of batch.problems) {
    const row = rows[problem.index];
    if (row === undefined) continue;
    const column = problem.field === "" ? "" : problem.field;
    errors.push({ line: row.line, column, message: problem.message });
    rejectedLines.add(row.line);
  }
  const count = (outcome: "inserted" | "updated") =>
    batch.outcomes.filter((value) => value === outcome).length;
  return report({
    inserted: count("inserted"),
    updated: count("updated"),
    committed: !options.dryRun && batch.problems.length === 0,
    stored: batch.stored,
  });
}
