/**
 * Answers computed on one connection and kept until the database changes: a write on this
 * connection (its `total_changes()`, rolled back or not) or a commit of another connection
 * (`data_version`). A list's total over a million rows is then counted once per change, not once
 * per page asked for.
 */
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

/** At most this many answers are kept (one per filter asked for since the last change). */
const KEPT = 64;

export class UntilChanged<T> {
  readonly #mark;
  #markSeen = "";
  readonly #values = new Map<string, T>();

  constructor(db: Db) {
    this.#mark = lazy(() =>
      db
        .prepare<[], string>(
          "SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version)",
        )
        .pluck(),
    );
  }

  /** The answer for `key`: kept from before when nothing changed since, else `compute`'s. */
  get(key: string, compute: () => T): T {
    const mark = this.#mark().get() ?? "";
    if (mark !== this.#markSeen) {
      this.#values.clear();
      this.#markSeen = mark;
    }
    const kept = this.#values.get(key);
    if (kept !== undefined) return kept;
    const value = compute();
    if (this.#values.size >= KEPT) this.#values.clear();
    this.#values.set(key, value);
    return value;
  }
}
