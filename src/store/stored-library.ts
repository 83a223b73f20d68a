/**
 * The factor library's tables as both stores read them back: a release of `factor_releases`
 * (its rows are factor-rows.ts's), and the order `factors list` pages the current rows in.
 */
import type { StoredRelease } from "../rules/store.js";

/** A release as `SELECT * FROM factor_releases` reads it. */
export interface ReleaseRow {
  ref: number;
  version: string;
  name: string;
  note: string;
  loaded_at: string;
  factors: number;
  added: number;
  changed: number;
  removed: number;
}

export const fromReleaseRow = (row: ReleaseRow): StoredRelease => ({
  ref: row.ref,
  version: row.version,
  name: row.name,
  note: row.note,
  loadedAt: row.loaded_at,
  factors: row.factors,
  added: row.added,
  changed: row.changed,
  removed: row.removed,
});

/**
 * Key, country (global rows first), year, library order, then id: the terms of the current rows'
 * list order (index emission_factors_in_order), given how the store spells "null as ''".
 */
export function factorOrderTerms(orEmpty: (column: string) => string): string[] {
  return ["key", orEmpty("country"), "year", "priority", "id"];
}
