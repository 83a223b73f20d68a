/**
 * The CSV layout of `carbon glec submit` (docs/glec.md): one action (leg) per row, rows grouped
 * into entries by `entryId`. Entry fields are read from the entry's first row; a later row may
 * repeat them (they must agree) or leave them empty. Otherwise an empty cell is an absent field. Column names are the specification's field names, except where
 * the entry and the action share one: `entryId`/`actionId`, `entryExternalId`, `entryFrom`,
 * `entryTo`. The file is read by csv-source.ts, as every CSV is.
 */
import type { FieldIssue } from "../core/errors.js";
import type { CsvRecord } from "./csv-record.js";

/** Where in an entry a problem is: its property names and indices. */
export type IssuePath = readonly PropertyKey[];

/** One entry as read, and where a problem at a path of it is in the file. */
export interface SourcedEntry {
  readonly input: unknown;
  locate(path: IssuePath): { readonly path: string; readonly line?: number };
}

/** Entry field -> CSV column. */
const entryColumns: Readonly<Record<string, string>> = {
  id: "entryId",
  companyId: "companyId",
  clientId: "clientId",
  startDate: "startDate",
  endDate: "endDate",
  externalId: "entryExternalId",
  from: "entryFrom",
  to: "entryTo",
};

/** Action field -> CSV column. */
const actionColumns: Readonly<Record<string, string>> = {
  id: "actionId",
  mode: "mode",
  externalId: "externalId",
  vehicleId: "vehicleId",
  from: "from",
  to: "to",
  distance: "distance",
  vehicleClassification: "vehicleClassification",
  vehicleType: "vehicleType",
  transportType: "transportType",
  vehicleTransportSize: "vehicleTransportSize",
  load: "load",
  loadUnit: "loadUnit",
  licensePlate: "licensePlate",
  energyQuantity: "energyQuantity",
  energyQuantityUnit: "energyQuantityUnit",
  driver: "driver",
  hasCleaning: "hasCleaning",
  toc: "toc",
  totalTransportActivity: "totalTransportActivity",
  totalLoad: "totalLoad",
  loadFactor: "loadFactor",
  payloadCapacity: "payloadCapacity",
  country: "country",
};

export const glecCsvColumns: readonly string[] = [
  ...Object.values(entryColumns),
  ...Object.values(actionColumns),
];
const requiredColumns = ["entryId", "companyId", "startDate", "endDate", "actionId"];

function cellValue(field: string, text: string): unknown {
  if (field !== "hasCleaning") return text;
  if (text === "true") return true;
  if (text === "false") return false;
  return text; // the schema says "expected true or false"
}

function fieldsOf(
  columns: Readonly<Record<string, string>>,
  cell: (column: string) => string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) {
    const text = cell(column).trim();
    if (text !== "") out[field] = cellValue(field, text);
  }
  return out;
}

interface Group {
  readonly line: number;
  readonly entry: Record<string, unknown>;
  readonly actions: Record<string, unknown>[];
  readonly lines: number[];
}

/** Entries of a CSV file's records, or the problems of its layout (header, disagreeing entry fields). */
export function entriesFromRecords(rows: readonly CsvRecord[]): {
  readonly entries: SourcedEntry[];
  readonly issues: FieldIssue[];
} {
  const [header, ...records] = rows;
  const issues: FieldIssue[] = [];
  if (header === undefined) {
    return { entries: [], issues: [{ path: "", line: 1, message: "the file is empty" }] };
  }
  const headerLine = header.line;
  const names = header.cells.map((name) => name.trim());
  for (const name of names) {
    if (!glecCsvColumns.includes(name)) {
      issues.push({
        path: name,
        line: headerLine,
        message: `unknown column "${name}"; accepted: ${glecCsvColumns.join(", ")}`,
      });
    }
  }
  for (const name of requiredColumns) {
    if (!names.includes(name)) {
      issues.push({ path: name, line: headerLine, message: "missing column" });
    }
  }
  if (issues.length > 0) return { entries: [], issues };

  const groups = new Map<string, Group>();
  for (const { line, cells } of records) {
    const cell = (column: string): string => cells[names.indexOf(column)] ?? "";
    const entry = fieldsOf(entryColumns, cell);
    const key = cell("entryId").trim().toLowerCase();
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { line, entry, actions: [fieldsOf(actionColumns, cell)], lines: [line] });
      continue;
    }
    for (const [field, column] of Object.entries(entryColumns)) {
      if (entry[field] !== undefined && group.entry[field] !== entry[field]) {
        issues.push({
          path: column,
          line,
          message: `"${cell(column)}" differs from line ${group.line} of the same entryId`,
        });
      }
    }
    group.actions.push(fieldsOf(actionColumns, cell));
    group.lines.push(line);
  }

  const entries = [...groups.values()].map(
    (group): SourcedEntry => ({
      input: { ...group.entry, actions: group.actions },
      locate(path) {
        const [first, index, field] = path;
        if (first === "actions" && typeof index === "number") {
          const column = typeof field === "string" ? (actionColumns[field] ?? field) : "actionId";
          return { path: column, line: group.lines[index] ?? group.line };
        }
        const column = typeof first === "string" ? (entryColumns[first] ?? first) : "";
        return { path: column, line: group.line };
      },
    }),
  );
  return { entries, issues };
}
