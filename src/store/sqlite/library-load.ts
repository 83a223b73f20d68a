/**
 * Writes the factor library's releases into the database (library-store.ts says how they are
 * kept): migration 30 turns the library loaded so far into the first release, and each later
 * library migration loads its release after the current one.
 */
import type { ProxyDesignation } from "../../engine/proxies.js";
import { FACTOR_COLUMNS, FACTOR_TABLE_COLUMNS, type FactorRow } from "../../shipped/factor-rows.js";
import { type FactorLibrary, factorLibrary } from "../../shipped/library-files.js";
import { BASE_RELEASE, type LibraryRelease } from "../../shipped/library-releases.js";
import { firstReleaseNote, releaseDiff } from "../../shipped/release-diff.js";
import { LIBRARY_VERSION_KEY } from "../stored-meta.js";
import type { Db } from "./database.js";
import type { ReleaseRow } from "./library-store.js";

export { LIBRARY_VERSION_KEY };

const CONTENT_COLUMNS = FACTOR_TABLE_COLUMNS.map(([column]) => column);

/** Migration 30: emission_factors rebuilt with release ranges, and the release tables. */
const RELEASES_SCHEMA = `
CREATE TABLE factor_releases (
  ref INTEGER PRIMARY KEY,
  version TEXT NOT NULL,
  name TEXT NOT NULL,
  note TEXT NOT NULL,
  loaded_at TEXT NOT NULL,
  factors INTEGER NOT NULL,
  added INTEGER NOT NULL,
  changed INTEGER NOT NULL,
  removed INTEGER NOT NULL
);
CREATE INDEX factor_releases_by_version ON factor_releases (version, ref);
CREATE TABLE factor_release_proxies (
  release_ref INTEGER NOT NULL REFERENCES factor_releases (ref),
  key TEXT NOT NULL,
  country TEXT NOT NULL,
  proxy_key TEXT NOT NULL,
  proxy_country TEXT NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (release_ref, key, country)
) WITHOUT ROWID;
CREATE TABLE emission_factor_versions (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  key TEXT NOT NULL,
  scope INTEGER NOT NULL,
  category TEXT NOT NULL,
  subcategory TEXT NOT NULL,
  description TEXT NOT NULL,
  country TEXT,
  year INTEGER NOT NULL,
  unit TEXT NOT NULL,
  co2e REAL NOT NULL,
  co2 REAL,
  ch4 REAL,
  n2o REAL,
  basis TEXT NOT NULL,
  source TEXT NOT NULL,
  source_ref TEXT NOT NULL,
  gwp_set TEXT NOT NULL,
  calorific_basis TEXT,
  biogenic_co2 REAL,
  gas_basis TEXT,
  co2e_of_co2 REAL,
  co2e_of_ch4 REAL,
  co2e_of_n2o REAL,
  source_unit TEXT,
  source_id TEXT,
  licence TEXT,
  derived TEXT,
  priority INTEGER NOT NULL,
  first_release INTEGER NOT NULL REFERENCES factor_releases (ref),
  last_release INTEGER REFERENCES factor_releases (ref)
);
`;

const RELEASE_INDEXES = `
CREATE UNIQUE INDEX emission_factors_current ON emission_factors (id) WHERE last_release IS NULL;
CREATE INDEX emission_factors_in_order
  ON emission_factors (key, ifnull(country, ''), year, priority, id) WHERE last_release IS NULL;
`;

/**
 * Migration 30: keeps the library loaded so far as the first release (the base release when
 * its files are the shipped ones), in the table that keeps every release from now on.
 */
export function keepLibraryReleases(db: Db, now: string = new Date().toISOString()): void {
  db.exec(RELEASES_SCHEMA);
  const present = new Set(
    db.prepare<[], string>("SELECT name FROM pragma_table_info('emission_factors')").pluck().all(),
  );
  const copied = CONTENT_COLUMNS.filter((column) => present.has(column)).join(", ");
  const version = currentVersion(db) ?? "unknown";
  const base = factorLibrary(BASE_RELEASE);
  const known = version === base.version;
  const count = db.prepare("SELECT count(*) FROM emission_factors").pluck().get();
  db.prepare(
    `INSERT INTO factor_releases (ref, version, name, note, loaded_at, factors, added, changed, removed)
     VALUES (1, ?, ?, ?, ?, ?, ?, 0, 0)`,
  ).run(
    version,
    known ? BASE_RELEASE.name : "library loaded before releases were kept",
    known
      ? firstReleaseNote(BASE_RELEASE)
      : "the factors this database held; recorded when the database was upgraded",
    now,
    count,
    count,
  );
  db.exec(`INSERT INTO emission_factor_versions (${copied}, first_release)
      SELECT ${copied}, 1 FROM emission_factors ORDER BY priority;
    INSERT INTO factor_release_proxies (release_ref, key, country, proxy_key, proxy_country, reason)
      SELECT 1, key, '*', key, country, reason FROM global_defaults;
    DROP TABLE global_defaults;
    DROP TABLE emission_factors;
    ALTER TABLE emission_factor_versions RENAME TO emission_factors;
    ${RELEASE_INDEXES}`);
}

function currentVersion(db: Db): string | undefined {
  return db
    .prepare<[string], string>("SELECT value FROM meta WHERE key = ?")
    .pluck()
    .get(LIBRARY_VERSION_KEY);
}

/**
 * Loads a release after the current one (a migration's): the rows of its diff with the current
 * ones (release-diff.ts) closed and added; the global defaults are replaced and kept with the
 * release. Nothing happens when the release is already the current one.
 */
export function loadRelease(
  db: Db,
  release: LibraryRelease,
  now: string = new Date().toISOString(),
  library: FactorLibrary = factorLibrary(release),
): void {
  const previous = db
    .prepare<[], ReleaseRow>("SELECT * FROM factor_releases ORDER BY ref DESC LIMIT 1")
    .get();
  if (previous !== undefined && previous.version === library.version) return;
  const ref = (previous?.ref ?? 0) + 1;
  const current = db
    .prepare<[], FactorRow & { ref: number }>(
      `SELECT ref, ${FACTOR_COLUMNS} FROM emission_factors WHERE last_release IS NULL`,
    )
    .all()
    .map((row) => ({ ref: row.ref, values: CONTENT_COLUMNS.map((column) => row[column]) }));
  const diff = releaseDiff(current, library.rows);
  db.prepare(
    `INSERT INTO factor_releases (ref, version, name, note, loaded_at, factors, added, changed, removed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    ref,
    library.version,
    release.name,
    release.note,
    now,
    library.rows.length,
    diff.added,
    diff.changed,
    diff.removed,
  );
  const close = db.prepare("UPDATE emission_factors SET last_release = ? WHERE ref = ?");
  for (const closed of diff.closed) close.run(ref - 1, closed);
  const insert = db.prepare(
    `INSERT INTO emission_factors (${FACTOR_COLUMNS}, first_release)
     VALUES (${CONTENT_COLUMNS.map(() => "?").join(", ")}, ?)`,
  );
  for (const values of diff.inserted) insert.run(...values, ref);
  keepProxies(db, ref, library.proxies);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(
    LIBRARY_VERSION_KEY,
    library.version,
  );
}

/** A release's proxy designations, kept with it (the resolver reads the release's own). */
function keepProxies(db: Db, ref: number, proxies: readonly ProxyDesignation[]): void {
  const insert = db.prepare(
    `INSERT INTO factor_release_proxies (release_ref, key, country, proxy_key, proxy_country, reason)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const d of proxies) insert.run(ref, d.key, d.country, d.proxyKey, d.proxyCountry, d.reason);
}
