import { CarbonError, type FieldIssue } from "../core/errors.js";
import type { ColumnMap, Field } from "./columns.js";
import type { RowError } from "./types.js";

/**
 * An import session names a row's problem by its place in the batch written (`rows.3.quantity`);
 * the user knows the file's lines and columns. These map one to the other.
 */

/** Spec field of a session issue path (`rows.3.buildingId`) -> the field of our column map. */
const issueFields: Readonly<Record<string, Field>> = {
  id: "id",
  entityId: "entityId",
  categoryId: "category",
  startDate: "startDate",
  endDate: "endDate",
  companyId: "companyId",
  buildingId: "building",
  quantity: "quantity",
  unitType: "unit",
};

/** A session's `rows.<i>.<field>` issues by batch index, as file lines and columns. */
export function rowErrorsByIndex(
  issues: readonly FieldIssue[],
  lineOf: (index: number) => number | undefined,
  columns: ColumnMap["columns"],
): Map<number, RowError[]> {
  const byIndex = new Map<number, RowError[]>();
  for (const issue of issues) {
    const match = /^rows\.(\d+)(?:\.(\w+))?/.exec(issue.path);
    const index = Number(match?.[1] ?? Number.NaN);
    const line = lineOf(index);
    if (match === null || line === undefined) continue;
    const specField = match[2] ?? "";
    const field = issueFields[specField];
    const column = field === undefined ? specField : (columns[field]?.name ?? specField);
    const list = byIndex.get(index) ?? [];
    list.push({ line, column, message: issue.message });
    byIndex.set(index, list);
  }
  return byIndex;
}

/**
 * A conflict or validation error the session raised for rows of the file (an id that is another
 * company's consumption, a vehicle's row the server refused), with their lines: the import stops
 * there. `outcome` says what was kept.
 */
export function conflictAtLines(
  error: CarbonError,
  rows: readonly RowError[],
  outcome: string,
): CarbonError {
  const sorted = [...rows].sort((a, b) => a.line - b.line);
  const [first, ...others] = sorted;
  if (first === undefined) return error;
  const more = others.length === 0 ? "" : ` (and ${others.length} more)`;
  return new CarbonError(error.code, `line ${first.line}: ${first.message}${more}; ${outcome}`, {
    issues: sorted.map((row) => ({ path: row.column, line: row.line, message: row.message })),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    cause: error,
  });
}
