import { type ColumnRef, checkHeader, matchHeader, normalizeColumnName } from "../columns.js";

/**
 * The header of an effluents CSV (docs/effluents.md). Names are matched like the other imports':
 * ignoring case, spaces, underscores and hyphens (`Sampled At` == `sampledAt`); columns whose
 * name starts with `_` are ignored (a rejects file imports again as it is).
 */
export type EffluentField =
  | "id"
  | "companyId"
  | "building"
  | "type"
  | "parameter"
  | "value"
  | "unit"
  | "year"
  | "sampledAt"
  | "minValue"
  | "dischargePoint"
  | "notes";

export type EffluentColumns = Readonly<Partial<Record<EffluentField, ColumnRef>>>;

const names: readonly (readonly [name: string, field: EffluentField])[] = [
  ["id", "id"],
  ["companyId", "companyId"],
  ["company", "companyId"],
  ["buildingId", "building"],
  ["building", "building"],
  ["type", "type"],
  ["parameter", "parameter"],
  ["value", "value"],
  ["unit", "unit"],
  ["year", "year"],
  ["sampledAt", "sampledAt"],
  ["date", "sampledAt"],
  ["minValue", "minValue"],
  ["min", "minValue"],
  ["dischargePoint", "dischargePoint"],
  ["notes", "notes"],
];

const byNormalized = new Map(
  names.map(([canonical, field]) => [normalizeColumnName(canonical), { canonical, field }]),
);

export const acceptedEffluentColumnsText =
  "id, companyId (or company), buildingId (or building: an id or a name), type, parameter, value, unit, year, sampledAt (or date), minValue (or min), dischargePoint, notes; columns whose name starts with _ are ignored";

/** Maps a header row to fields, or throws a validation error naming every header problem. */
export function mapEffluentColumns(
  header: readonly string[],
  companyFlag: boolean,
  line = 1,
): EffluentColumns {
  const { columns, issues } = matchHeader(header, (name) => byNormalized.get(name), line);
  const missing: string[] = [];
  for (const field of ["building", "type", "parameter", "value", "unit"] as const) {
    if (columns[field] === undefined) missing.push(field === "building" ? "buildingId" : field);
  }
  if (columns.companyId === undefined && !companyFlag) {
    missing.push("companyId (or the --company flag)");
  }
  checkHeader(issues, missing, line, acceptedEffluentColumnsText);
  return columns;
}
