/**
 * The factor library's releases in PostgreSQL (the tables of schema.ts, kept as SQLite's
 * library-store.ts describes): migration 4 loads every release carbon ships, in turn, as a new
 * SQLite database's migrations leave them (same refs, versions, rows and release ranges,
 * proxies, grid loss fractions and policy), and a later release loads after the current one the
 * same way. Each release's diff is the one SQLite's loads write (src/shipped/release-diff.ts);
 * rows go in with COPY.
 */

import { FACTOR_COLUMNS, FACTOR_TABLE_COLUMNS, type FactorRow } from "../../shipped/factor-rows.js";
import { type FactorLibrary, factorLibrary } from "../../shipped/library-files.js";
import type { LibraryRelease } from "../../shipped/library-releases.js";
import { BASE_RELEASE, OPEN_SOURCES_RELEASE } from "../../shipped/library-releases.js";
import { shippedLossFractions } from "../../shipped/loss-fractions.js";
import { firstReleaseNote, releaseDiff } from "../../shipped/release-diff.js";
import {
  DEFAULT_POLICY,
  GWP_SET_KEY,
  LEGACY_LIBRARY_VERSION_KEY,
  LIBRARY_VERSION_KEY,
  PROXY_POLICY_KEY,
} from "../stored-meta.js";
import { copyRows } from "./copy.js";
import { setMeta } from "./meta.js";
import type { Queryable } from "./transactions.js";

const CONTENT_COLUMNS = FACTOR_TABLE_COLUMNS.map(([column]) => column);

/**
 * Loads a release after the current one: its diff with the current rows closed and added, its
 * proxy designations kept with it, its version recorded as the one in use. Nothing happens when
 * it is already the current one.
 */
export async function loadRelease(
  db: Queryable,
  release: LibraryRelease,
  note: string = release.note,
  now: string = new Date().toISOString(),
  library: FactorLibrary = factorLibrary(release),
): Promise<void> {
  const previous = (
    await db.query<{ ref: number; version: string }>(
      "SELECT ref, version FROM factor_releases ORDER BY ref DESC LIMIT 1",
    )
  ).rows[0];
  if (previous !== undefined && previous.version === library.version) return;
  const ref = (previous?.ref ?? 0) + 1;
  const current = await db.query<FactorRow & { ref: number }>(
    `SELECT ref, ${FACTOR_COLUMNS} FROM emission_factors WHERE last_release IS NULL`,
  );
  const diff = releaseDiff(
    current.rows.map((row) => ({
      ref: row.ref,
      values: CONTENT_COLUMNS.map((column) => row[column]),
    })),
    library.rows,
  );
  // The ref is given, as SQLite's is: releases are numbered 1, 2, … in load order.
  await db.query(
    `INSERT INTO factor_releases (ref, version, name, note, loaded_at, factors, added, changed, removed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      ref,
      library.version,
      release.name,
      note,
      now,
      library.rows.length,
      diff.added,
      diff.changed,
      diff.removed,
    ],
  );
  if (diff.closed.length > 0) {
    await db.query("UPDATE emission_factors SET last_release = $1 WHERE ref = ANY($2::bigint[])", [
      ref - 1,
      diff.closed,
    ]);
  }
  // Refs come from the identity in COPY's order: library order, as SQLite numbers its rows.
  await copyRows(
    db,
    "emission_factors",
    [...CONTENT_COLUMNS, "first_release"],
    diff.inserted.map((values) => [...values, ref]),
  );
  await copyRows(
    db,
    "factor_release_proxies",
    ["release_ref", "key", "country", "proxy_key", "proxy_country", "reason"],
    library.proxies.map((d) => [ref, d.key, d.country, d.proxyKey, d.proxyCountry, d.reason]),
  );
  await setMeta(db, [[LIBRARY_VERSION_KEY, library.version]]);
}

/**
 * Migration 4: the releases a new SQLite database loads (the base release, recorded as the
 * first release kept, then the open sources release), the grid loss fractions, the library
 * version of emissions without a calculation record (the first release's, as SQLite records
 * it) and the default calculation policy.
 */
export async function loadShippedLibrary(db: Queryable): Promise<void> {
  await loadRelease(db, BASE_RELEASE, firstReleaseNote(BASE_RELEASE));
  await loadRelease(db, OPEN_SOURCES_RELEASE);
  await copyRows(
    db,
    "grid_loss_fractions",
    ["key", "country", "year", "value", "source", "source_ref"],
    shippedLossFractions().map((f) => [f.key, f.country, f.year, f.value, f.source, f.sourceRef]),
  );
  await setMeta(db, [
    [LEGACY_LIBRARY_VERSION_KEY, factorLibrary(BASE_RELEASE).version],
    [GWP_SET_KEY, DEFAULT_POLICY.gwpSet],
    [PROXY_POLICY_KEY, DEFAULT_POLICY.proxies],
  ]);
}
