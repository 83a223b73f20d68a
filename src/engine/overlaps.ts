/**
 * Overlapping consumptions: two records of the same company, building, category and entityId
 * whose periods share a day (a period covers its start and end days inclusive), with different
 * ids and different periods. That is what a bill whose dates were corrected in a CSV leaves
 * behind: its derived id changes with its dates, so the corrected row is a new record beside the
 * old one, and both are counted. Each engine fills an index with the stored records of one
 * company (the local one from its table, the remote one from the listing) and asks it per row;
 * the index keeps hashes and day numbers in typed arrays (src/engine/period-index.ts).
 */

import { idHashOf, keyHashOf, type Ref } from "./overlap-hashes.js";
import { PeriodIndex } from "./period-index.js";

export const DAY_MS = 86_400_000;

/** The calendar day number of an ISO date-time or epoch milliseconds (UTC). */
export function dayOf(date: string | number): number {
  const ms = typeof date === "number" ? date : Date.parse(date);
  return Math.floor(ms / DAY_MS);
}

/** A stored record a row overlaps, by id. */
export interface OverlappedRecord {
  readonly id: string;
}

export interface OverlapKey {
  readonly building: Ref;
  readonly category: Ref;
  readonly entityId: string;
}

const NONE: readonly OverlappedRecord[] = Object.freeze([]);

/**
 * The stored periods of one company for an engine that holds its stored records' keys and ids
 * anyway (the remote one keeps the listing): a `PeriodIndex` whose handles are places in arrays
 * of those keys and ids, so that every candidate is verified against its key exactly. The local
 * engine uses a `PeriodIndex` alone, its handles rowids (src/backends/local/local-overlaps.ts).
 */
export class OverlapIndex {
  readonly #periods = new PeriodIndex();
  readonly #keyHash: (building: Ref, category: Ref, entityId: string) => number;
  readonly #ids: string[] = [];
  readonly #buildings: Ref[] = [];
  readonly #categories: Ref[] = [];
  readonly #entityIds: string[] = [];

  /** `keyHash` is replaceable so that tests can make different keys collide. */
  constructor(keyHash = keyHashOf) {
    this.#keyHash = keyHash;
  }

  add(
    building: Ref,
    category: Ref,
    entityId: string,
    id: string,
    first: number,
    last: number,
  ): void {
    const key = this.#keyHash(building, category, entityId);
    this.#periods.add(key, idHashOf(id), first, last, this.#ids.length);
    this.#ids.push(id);
    this.#buildings.push(building);
    this.#categories.push(category);
    this.#entityIds.push(entityId);
  }

  /**
   * The stored records a row overlaps: same key, another id, another period, a shared day. The
   * row's own stored record, if it is under the same key, is marked carried (`PeriodIndex`).
   */
  find(
    row: OverlapKey,
    id: string,
    firstDay: number,
    lastDay: number,
  ): readonly OverlappedRecord[] {
    const key = this.#keyHash(row.building, row.category, row.entityId);
    const entries = this.#periods.find(key, idHashOf(id), firstDay, lastDay);
    if (entries.length === 0) return NONE;
    const found: OverlappedRecord[] = [];
    for (const entry of entries) {
      const at = this.#periods.handle(entry);
      const stored = this.#ids[at];
      if (
        stored !== undefined &&
        this.#buildings[at] === row.building &&
        this.#categories[at] === row.category &&
        this.#entityIds[at] === row.entityId
      ) {
        found.push({ id: stored });
      }
    }
    return found.length === 0 ? NONE : found;
  }
}
