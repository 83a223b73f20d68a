/**
 * Consumption dates are stored as integer milliseconds since the epoch (UTC), not as the
 * canonical ISO text the model carries (`2024-01-31T00:00:00.000Z`), by both stores. The model's
 * dates are always canonical (normalizeIsoDateTime), so the two convert exactly both ways, order
 * the same, and compare the same. The integers keep rows and the (company_ref, start_date) index
 * smaller and bind faster than the text (bench/NOTES.md; SQLite's migration 7 converts older
 * files).
 *
 * Files repeat the same few dates thousands of times, so each direction remembers the values it
 * has converted (bounded: a file of all-different dates just converts each one).
 */
const CACHE_LIMIT = 4096;

export class StoredDates {
  readonly #toStored = new Map<string, number>();
  readonly #toIso = new Map<number, string>();

  /** The stored integer of a canonical ISO date-time. */
  stored(iso: string): number {
    let ms = this.#toStored.get(iso);
    if (ms === undefined) {
      ms = Date.parse(iso);
      if (Number.isNaN(ms)) throw new Error(`not a canonical ISO date-time: ${iso}`);
      if (this.#toStored.size >= CACHE_LIMIT) this.#toStored.clear();
      this.#toStored.set(iso, ms);
    }
    return ms;
  }

  /** The canonical ISO date-time of a stored integer. */
  iso(ms: number): string {
    let iso = this.#toIso.get(ms);
    if (iso === undefined) {
      iso = new Date(ms).toISOString();
      if (this.#toIso.size >= CACHE_LIMIT) this.#toIso.clear();
      this.#toIso.set(ms, iso);
    }
    return iso;
  }
}
