import type { Db } from "./database.js";
import { storedSql } from "./stored-dates.js";

/**
 * Migration 1: the tables.
 *
 * Design notes (chosen on 1,000,000-row imports, bench/NOTES.md; docs/factor-library.md for the
 * library):
 * - Companies, buildings and categories have a small integer `ref` (their rowid) besides their
 *   UUID; consumptions point at refs. That keeps a consumption row and its index entries small,
 *   which is most of the cost of a bulk import.
 * - An emission is 1:1 with its consumption, so its figures live in the consumption's row (one
 *   write per row instead of two). What is the same for many emissions (the factor's id, value,
 *   unit, source, year, GWP set, resolution step, market factor and basis) is stored once in
 *   `emission_provenance` and referenced; `provenance_ref` NULL means awaiting_factor.
 *   (Migration 35 made emissions lines: the row keeps its direct figures and the reference is to
 *   a calculation record of every line; lines-schema.ts.)
 * - consumptions is a rowid table (appends are cheap) with two indexes: the unique id (upserts)
 *   and (company_ref, start_date) for lists, exports and dashboards of a company. A bulk import
 *   into an empty table drops both and builds them again before it commits (see
 *   bulk-indexes.ts): building an index from sorted data is much cheaper than a million
 *   random inserts into it.
 * - Migration 7 (below) made start_date and end_date INTEGER milliseconds (stored-dates.ts).
 */
export const SCHEMA_V1 = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE companies (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  country TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX companies_by_name ON companies (name, id);

CREATE TABLE buildings (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  name TEXT NOT NULL,
  country TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX buildings_by_company ON buildings (company_ref, name, id);
CREATE INDEX buildings_by_name ON buildings (name, id);

CREATE TABLE categories (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  code TEXT NOT NULL UNIQUE,
  level TEXT NOT NULL CHECK (level IN ('scope', 'category', 'subcategory')),
  parent_ref INTEGER REFERENCES categories (ref),
  scope INTEGER NOT NULL CHECK (scope IN (1, 2, 3)),
  name TEXT NOT NULL,
  default_unit TEXT,
  factor_key TEXT,
  market_factor_key TEXT
);

CREATE TABLE emission_factors (
  id TEXT PRIMARY KEY,
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
  priority INTEGER NOT NULL
);

CREATE TABLE global_defaults (
  key TEXT PRIMARY KEY,
  country TEXT NOT NULL,
  year INTEGER NOT NULL,
  reason TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE custom_factors (
  id TEXT PRIMARY KEY,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  category_ref INTEGER NOT NULL REFERENCES categories (ref),
  basis TEXT NOT NULL CHECK (basis IN ('location', 'market')),
  year INTEGER,
  unit TEXT NOT NULL,
  co2e REAL NOT NULL,
  co2 REAL,
  ch4 REAL,
  n2o REAL,
  source TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX custom_factors_by_company ON custom_factors (company_ref, category_ref);

CREATE TABLE emission_provenance (
  ref INTEGER PRIMARY KEY,
  signature TEXT NOT NULL UNIQUE,
  factor_id TEXT NOT NULL,
  factor_source TEXT NOT NULL,
  factor_year INTEGER,
  factor_unit TEXT NOT NULL,
  factor_value REAL NOT NULL,
  resolution TEXT NOT NULL,
  gwp_set TEXT NOT NULL,
  market_factor_id TEXT,
  market_basis TEXT
);

CREATE TABLE consumptions (
  id TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  building_ref INTEGER NOT NULL REFERENCES buildings (ref),
  category_ref INTEGER NOT NULL REFERENCES categories (ref),
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  quantity REAL NOT NULL,
  unit TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  co2e REAL,
  co2 REAL,
  ch4 REAL,
  n2o REAL,
  co2e_market REAL,
  converted_quantity REAL,
  provenance_ref INTEGER REFERENCES emission_provenance (ref)
);
CREATE UNIQUE INDEX consumptions_by_id ON consumptions (id);
CREATE INDEX consumptions_by_company ON consumptions (company_ref, start_date);
`;

/**
 * Migration 7: consumption dates become INTEGER milliseconds (stored-dates.ts). SQLite cannot
 * change a column's type in place, so the table is rebuilt: same columns and rowids, dates
 * converted, indexes created again. Nothing references consumptions, so dropping the old table
 * touches no other.
 */
export function consumptionDatesAsIntegers(db: Db): void {
  // The columns as the file has them (whatever migration 1 made), dates converted on the way.
  const columns = db
    .prepare<[], string>("SELECT name FROM pragma_table_info('consumptions') ORDER BY cid")
    .pluck()
    .all();
  const selected = columns.map((c) => (c === "start_date" || c === "end_date" ? storedSql(c) : c));
  db.exec(`
CREATE TABLE consumptions_v7 (
  id TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  building_ref INTEGER NOT NULL REFERENCES buildings (ref),
  category_ref INTEGER NOT NULL REFERENCES categories (ref),
  start_date INTEGER NOT NULL,
  end_date INTEGER NOT NULL,
  quantity REAL NOT NULL,
  unit TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  co2e REAL,
  co2 REAL,
  ch4 REAL,
  n2o REAL,
  co2e_market REAL,
  converted_quantity REAL,
  provenance_ref INTEGER REFERENCES emission_provenance (ref)
);
INSERT INTO consumptions_v7 (rowid, ${columns.join(", ")})
  SELECT rowid, ${selected.join(", ")} FROM consumptions ORDER BY rowid;
DROP TABLE consumptions;
ALTER TABLE consumptions_v7 RENAME TO consumptions;
CREATE UNIQUE INDEX consumptions_by_id ON consumptions (id);
CREATE INDEX consumptions_by_company ON consumptions (company_ref, start_date);
`);
}
