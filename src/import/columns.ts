import { CarbonError, type FieldIssue } from "../core/errors.js";

/**
 * The header of a consumption CSV. Names are matched ignoring case, spaces, underscores and
 * hyphens (`start_date` == `Start Date` == `startDate`).
 *
 * - spec names: id, entityId, categoryId, startDate, endDate, companyId, buildingId, quantity,
 *   unitType
 * - friendly names: `category` (a subcategory code or UUID; `categoryId` also takes a code),
 *   `building` (a building name within the company, or UUID), `unit` (= unitType), `country`
 *   (the country of a building `--create-buildings` creates; ignored otherwise)
 * - optional: `provider`, `fuelType` (a custom input of the company the row names, by UUID),
 *   `kwhPerM3` (the kWh gross CV per m3 a natural-gas bill prints, for a quantity in m3)
 * - ignored: columns whose name starts with `_` (so a rejects file with `_line,_column,_error`
 *   re-imports as it is) and columns with an empty name (a trailing delimiter in the header).
 *
 * Any other column is an error, so a typo such as `quantiy` is never silently dropped.
 */

/** What a column gives, after merging the spec name and its friendly alternative. */
export type Field =
  | "id"
  | "entityId"
  | "category"
  | "startDate"
  | "endDate"
  | "companyId"
  | "building"
  | "quantity"
  | "unit"
  | "country"
  | "provider"
  | "fuelType"
  | "kwhPerM3";

export interface ColumnRef {
  /** Position in the record. */
  readonly index: number;
  /** The header cell as written in the file, trimmed: used in error messages. */
  readonly name: string;
  /** The canonical name it matched, e.g. `buildingId` or `building`. */
  readonly canonical: string;
}

export interface ColumnMap {
  /** The header cells as read. */
  readonly header: readonly string[];
  readonly columns: Readonly<Partial<Record<Field, ColumnRef>>>;
}

const canonicalNames: readonly (readonly [canonical: string, field: Field])[] = [
  ["id", "id"],
  ["entityId", "entityId"],
  ["categoryId", "category"],
  ["category", "category"],
  ["startDate", "startDate"],
  ["endDate", "endDate"],
  ["companyId", "companyId"],
  ["buildingId", "building"],
  ["building", "building"],
  ["quantity", "quantity"],
  ["unitType", "unit"],
  ["unit", "unit"],
  ["country", "country"],
  ["provider", "provider"],
  ["fuelType", "fuelType"],
  ["kwhPerM3", "kwhPerM3"],
];

/** `Start_Date ` -> `startdate`. */
export function normalizeColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replaceAll(/[\s_-]+/g, "");
}

const byNormalized = new Map(
  canonicalNames.map(([canonical, field]) => [
    normalizeColumnName(canonical),
    { canonical, field },
  ]),
);

export const acceptedColumnsText =
  "id, entityId, categoryId (or category), startDate, endDate, companyId, buildingId (or building), quantity, unitType (or unit), country, provider, fuelType, kwhPerM3; columns whose name starts with _ are ignored";

/** True for header cells the import skips on purpose. */
export function isIgnoredColumn(name: string): boolean {
  const trimmed = name.trim();
  return trimmed === "" || trimmed.startsWith("_");
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

const normalizedNames = canonicalNames.map(([canonical]) => ({
  canonical,
  normalized: normalizeColumnName(canonical),
}));

function suggest(name: string): string {
  const normalized = normalizeColumnName(name);
  let best: string | undefined;
  let bestDistance = 3;
  for (const { canonical, normalized: candidate } of normalizedNames) {
    // The distance is at least the difference in length: skip what cannot beat the best.
    if (Math.abs(candidate.length - normalized.length) >= bestDistance) continue;
    const d = distance(normalized, candidate);
    if (d < bestDistance) {
      best = canonical;
      bestDistance = d;
    }
  }
  return best === undefined ? "" : ` (did you mean ${best}?)`;
}

export interface ColumnDefaults {
  /** `--company` was given. */
  readonly companyId: boolean;
  /** `--building` was given. */
  readonly building: boolean;
}

/** Header problems that get a "did you mean" (a header of a million columns must fail fast). */
const MAX_SUGGESTIONS = 20;

/** Header cells matched to fields; an unknown column, or two giving one field, is an issue. */
export function matchHeader<F extends string>(
  header: readonly string[],
  lookup: (name: string) => { readonly field: F; readonly canonical: string } | undefined,
  line: number,
  hint: (name: string) => string = () => "",
): { readonly columns: Partial<Record<F, ColumnRef>>; readonly issues: FieldIssue[] } {
  const columns: Partial<Record<F, ColumnRef>> = {};
  const issues: FieldIssue[] = [];
  header.forEach((cell, index) => {
    const name = cell.trim();
    if (isIgnoredColumn(name)) return;
    const match = lookup(normalizeColumnName(name));
    if (match === undefined) {
      // A suggestion costs a distance to every known name: only the first ones are read anyway.
      const suggestion = issues.length < MAX_SUGGESTIONS ? hint(name) : "";
      issues.push({ path: name, line, message: `unknown column "${name}"${suggestion}` });
      return;
    }
    const existing = columns[match.field];
    if (existing !== undefined) {
      issues.push({
        path: name,
        line,
        message: `columns "${existing.name}" and "${name}" both give ${match.field}; keep one`,
      });
      return;
    }
    columns[match.field] = { index, name, canonical: match.canonical };
  });
  return { columns, issues };
}

/** Adds a `missing column` issue per name; throws the header's validation error if any. */
export function checkHeader(
  issues: FieldIssue[],
  missing: readonly string[],
  line: number,
  accepted: string,
): void {
  for (const column of missing) {
    issues.push({ path: column, line, message: `missing column ${column}` });
  }
  if (issues.length === 0) return;
  // The problems are the issues, listed under the message: the message only counts them.
  const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
  throw new CarbonError("validation", `the header (line ${line}) is not usable: ${count}`, {
    issues,
    hint: `accepted columns: ${accepted}. The first line must be the header.`,
  });
}

/** Maps a header row to fields, or throws a validation error naming every header problem. */
export function mapColumns(
  header: readonly string[],
  defaults: ColumnDefaults,
  line = 1,
): ColumnMap {
  const { columns, issues } = matchHeader(header, (name) => byNormalized.get(name), line, suggest);
  const missing: string[] = [];
  if (columns.startDate === undefined) missing.push("startDate");
  if (columns.endDate === undefined) missing.push("endDate");
  if (columns.quantity === undefined) missing.push("quantity");
  if (columns.unit === undefined) missing.push("unitType (or unit)");
  if (columns.category === undefined) missing.push("categoryId (or category)");
  if (columns.companyId === undefined && !defaults.companyId) {
    missing.push("companyId (or the --company flag)");
  }
  if (columns.building === undefined && !defaults.building) {
    missing.push("buildingId (or building, or the --building flag)");
  }
  checkHeader(issues, missing, line, acceptedColumnsText);
  return { header, columns };
}
