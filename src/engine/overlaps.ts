/**
 * Overlapping consumptions: two records of the same company, building, category and entityId
 * whose periods share a day (a period covers its start and end days inclusive), with different
 * ids and different periods. That is what a bill whose dates were corrected in a CSV leaves
 * behind: its derived id changes with its dates, so the corrected row is a new record beside the
 * old one, and both are counted. Each engine fills an index with the stored records of one
 * company (the local one from its table, the remote one from the listing) and asks it per row.
 */

const DAY_MS = 86_400_000;

/** The calendar day number of an ISO date-time or epoch milliseconds (UTC). */
export function dayOf(date: string | number): number {
  const ms = typeof date === "number" ? date : Date.parse(date);
  return Math.floor(ms / DAY_MS);
}

export interface StoredPeriod {
  readonly id: string;
  /** Day numbers (`dayOf`), inclusive. */
  readonly firstDay: number;
  readonly lastDay: number;
  /**
   * Set when a row with this record's id was looked up: the import carries the record itself,
   * so it is imported again, not overlapped.
   */
  carried: boolean;
}

type Ref = string | number;
/** Most keys have one stored record: it is kept as it is, not in an array. */
type Entry = StoredPeriod | StoredPeriod[];

const NONE: readonly StoredPeriod[] = Object.freeze([]);

/**
 * The stored periods of one company by building, category and entityId (each a ref or an id,
 * as the engine has them). Nested maps, not one map of joined keys: a row's lookup then builds
 * no key string, which a re-import of 100,000 rows does 100,000 times.
 */
export class OverlapIndex {
  readonly #byBuilding = new Map<Ref, Map<Ref, Map<string, Entry>>>();

  add(
    building: Ref,
    category: Ref,
    entityId: string,
    id: string,
    first: number,
    last: number,
  ): void {
    let byCategory = this.#byBuilding.get(building);
    if (byCategory === undefined) {
      byCategory = new Map();
      this.#byBuilding.set(building, byCategory);
    }
    let byEntity = byCategory.get(category);
    if (byEntity === undefined) {
      byEntity = new Map();
      byCategory.set(category, byEntity);
    }
    const period: StoredPeriod = { id, firstDay: first, lastDay: last, carried: false };
    const entry = byEntity.get(entityId);
    if (entry === undefined) byEntity.set(entityId, period);
    else if (Array.isArray(entry)) entry.push(period);
    else byEntity.set(entityId, [entry, period]);
  }

  /**
   * The stored periods a row overlaps: same key, another id, another period, a shared day. The
   * row's own stored record, if it is under the same key, is marked `carried`.
   */
  find(
    row: { readonly building: Ref; readonly category: Ref; readonly entityId: string },
    id: string,
    firstDay: number,
    lastDay: number,
  ): readonly StoredPeriod[] {
    const entry = this.#byBuilding.get(row.building)?.get(row.category)?.get(row.entityId);
    if (entry === undefined) return NONE;
    if (!Array.isArray(entry)) return overlaps(entry, id, firstDay, lastDay) ? [entry] : NONE;
    const found = entry.filter((stored) => overlaps(stored, id, firstDay, lastDay));
    return found.length === 0 ? NONE : found;
  }
}

/** Whether the row overlaps `stored`; marks it carried when it is the row's own record. */
function overlaps(stored: StoredPeriod, id: string, firstDay: number, lastDay: number): boolean {
  if (stored.id === id) {
    stored.carried = true;
    return false;
  }
  return (
    stored.firstDay <= lastDay &&
    stored.lastDay >= firstDay &&
    (stored.firstDay !== firstDay || stored.lastDay !== lastDay)
  );
}
