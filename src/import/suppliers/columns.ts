import { type ColumnRef, checkHeader, matchHeader, normalizeColumnName } from "../columns.js";

/**
 * The header of a suppliers CSV (docs/suppliers.md). Names are matched like the consumptions
 * import's: ignoring case, spaces, underscores and hyphens (`External ID` == `externalId`).
 *
 * - the spec's names: id, name, email, address, companyId, externalId, plus `type`
 * - friendly names: `kind` (= type), `company` (= companyId), `e-mail`/`mail` (= email)
 * - ignored: columns whose name starts with `_` (a rejects file re-imports as it is) and
 *   columns with an empty name. Any other column is an error.
 */

export type SupplierField =
  | "id"
  | "name"
  | "email"
  | "address"
  | "companyId"
  | "externalId"
  | "type";

export type SupplierColumns = Readonly<Partial<Record<SupplierField, ColumnRef>>>;

const names: readonly (readonly [name: string, field: SupplierField])[] = [
  ["id", "id"],
  ["name", "name"],
  ["email", "email"],
  ["mail", "email"],
  ["address", "address"],
  ["companyId", "companyId"],
  ["company", "companyId"],
  ["externalId", "externalId"],
  ["type", "type"],
  ["kind", "type"],
];

const byNormalized = new Map(
  names.map(([canonical, field]) => [normalizeColumnName(canonical), { canonical, field }]),
);

export const acceptedSupplierColumnsText =
  "id, name, email, address, companyId (or company), externalId, type (or kind); columns whose name starts with _ are ignored";

export interface SupplierColumnDefaults {
  /** `--company` was given. */
  readonly companyId: boolean;
  /** `--type` was given. */
  readonly type: boolean;
}

/** Maps a header row to fields, or throws a validation error naming every header problem. */
export function mapSupplierColumns(
  header: readonly string[],
  defaults: SupplierColumnDefaults,
  line = 1,
): SupplierColumns {
  const { columns, issues } = matchHeader(header, (name) => byNormalized.get(name), line);
  const missing: string[] = [];
  if (columns.name === undefined) missing.push("name");
  if (columns.id === undefined && columns.externalId === undefined)
    missing.push("id or externalId");
  if (columns.companyId === undefined && !defaults.companyId) {
    missing.push("companyId (or the --company flag)");
  }
  if (columns.type === undefined && !defaults.type) missing.push("type (or the --type flag)");
  checkHeader(issues, missing, line, acceptedSupplierColumnsText);
  return columns;
}
