/** How the writer tells a row it is given from the one stored (or written earlier) with its id. */

import type { PreparedRow } from "./row-references.js";
import type { StoredConsumptionRow } from "./store.js";

/** Whether a row is the one stored: every field it is written with is the same. */
export function sameAsStored(row: PreparedRow, stored: StoredConsumptionRow): boolean {
  return (
    stored[1] === row.entityId &&
    stored[2] === row.company.ref &&
    stored[3] === row.building.ref &&
    stored[4] === row.category.ref &&
    stored[5] === row.startDate &&
    stored[6] === row.endDate &&
    stored[7] === row.quantity &&
    stored[8] === row.unit &&
    stored[11] === (row.input?.ref ?? null) &&
    stored[12] === row.kwhPerM3
  );
}

/** Whether two rows of one batch are the same. */
export function sameRow(a: PreparedRow, b: PreparedRow): boolean {
  return (
    a.entityId === b.entityId &&
    a.company.ref === b.company.ref &&
    a.building.ref === b.building.ref &&
    a.category.ref === b.category.ref &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.quantity === b.quantity &&
    a.unit === b.unit &&
    a.input?.ref === b.input?.ref &&
    a.kwhPerM3 === b.kwhPerM3
  );
}
