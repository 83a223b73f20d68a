/**
 * What loading a release after the current one changes in emission_factors, worked out once for
 * both stores (docs/factor-library.md, "Library releases"): a factor whose stored version equals
 * the new one stays as it is, one that differs is closed and its new version added, one the
 * release lacks is closed. Each store then writes the diff its own way.
 */
import { changedFields } from "../core/model/factor-release.js";
import { FACTOR_TABLE_COLUMNS } from "./factor-rows.js";
import { type FactorValues, factorOfValues } from "./library-files.js";
import type { LibraryRelease } from "./library-releases.js";

/** A current row of emission_factors: its store key and its values in FACTOR_TABLE_COLUMNS order. */
export interface CurrentFactor {
  readonly ref: number;
  readonly values: FactorValues;
}

export interface ReleaseDiff {
  /** The store keys of the current rows the release closes (their last release is the previous one). */
  readonly closed: readonly number[];
  /** The rows the release adds, in library order (new factors and new versions of factors). */
  readonly inserted: readonly FactorValues[];
  /** Factors new to the library. */
  readonly added: number;
  /** Factors whose compared figures changed (a new version differing elsewhere only is not counted). */
  readonly changed: number;
  /** Factors the release no longer has. */
  readonly removed: number;
}

const ID_COLUMN = FACTOR_TABLE_COLUMNS.findIndex(([column]) => column === "id");

/** The diff of loading `rows` (a release's, in library order) over the `current` rows. */
export function releaseDiff(
  current: Iterable<CurrentFactor>,
  rows: readonly FactorValues[],
): ReleaseDiff {
  const byId = new Map<string, CurrentFactor>();
  for (const row of current) byId.set(String(row.values[ID_COLUMN]), row);
  const closed: number[] = [];
  const inserted: FactorValues[] = [];
  let added = 0;
  let changed = 0;
  for (const values of rows) {
    const id = String(values[ID_COLUMN]);
    const stored = byId.get(id);
    byId.delete(id);
    if (stored !== undefined) {
      if (values.every((value, i) => stored.values[i] === value)) continue;
      closed.push(stored.ref);
      if (changedFields(factorOfValues(stored.values), factorOfValues(values)).length > 0) {
        changed += 1;
      }
    } else {
      added += 1;
    }
    inserted.push(values);
  }
  for (const gone of byId.values()) closed.push(gone.ref);
  return { closed, inserted, added, changed, removed: byId.size };
}

/**
 * The note of the first release a database keeps: a new database loads the base release as
 * databases did before releases were kept, and records it as such.
 */
export function firstReleaseNote(release: LibraryRelease): string {
  return `${release.note}; recorded when the database was upgraded`;
}
