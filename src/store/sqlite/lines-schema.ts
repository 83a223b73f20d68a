/**
 * Migration 35: emission lines (docs/factor-library.md#emission-lines).
 *
 * - `emission_provenance` becomes the table of calculation records: a row written from now on
 *   holds every line of a consumption's calculation (`lines`, JSON) and the factor library
 *   version it was calculated with; its older columns, NOT NULL since migration 1, hold '' for
 *   such rows. A row written before keeps its columns (one direct line, the row's own figures)
 *   and gets the version of the library the database held before migration 30 loaded the open
 *   sources release (its first release): databases did not record it per emission before.
 * - `emission_lines` lists each line of the new records (its kind, the derived line's category
 *   and its year), so lists filter by scope and category in SQL without reading JSON.
 * - `grid_loss_fractions` holds eGRID's grid gross loss fractions, which price T&D losses where
 *   no T&D factor exists (fixtures/factors/extra/egrid-2023-subregions.csv).
 * - The derived lines' scope 3 category 3 subcategories of `categories.csv` are already in the
 *   database: migration 30 adds every category the table lacks.
 * Existing consumptions keep their figures: lines are added by recalculating them.
 */
import { shippedLossFractions } from "../../shipped/loss-fractions.js";
import { LEGACY_LIBRARY_VERSION_KEY } from "../stored-meta.js";
import type { Db } from "./database.js";

export { LEGACY_LIBRARY_VERSION_KEY };

export const LINES_SCHEMA = `
ALTER TABLE emission_provenance ADD COLUMN library_version TEXT;
ALTER TABLE emission_provenance ADD COLUMN lines TEXT;
CREATE TABLE emission_lines (
  calculation_ref INTEGER NOT NULL REFERENCES emission_provenance (ref),
  line INTEGER NOT NULL,
  kind TEXT NOT NULL,
  category_ref INTEGER REFERENCES categories (ref),
  year INTEGER,
  PRIMARY KEY (calculation_ref, line)
) WITHOUT ROWID;
CREATE INDEX emission_lines_by_category ON emission_lines (category_ref, calculation_ref);
CREATE TABLE grid_loss_fractions (
  key TEXT NOT NULL,
  country TEXT NOT NULL,
  year INTEGER NOT NULL,
  value REAL NOT NULL CHECK (value > 0 AND value < 1),
  source TEXT NOT NULL,
  source_ref TEXT NOT NULL,
  PRIMARY KEY (key, country, year)
) WITHOUT ROWID;
`;

/** Replaces the grid loss fractions with the shipped file's. */
export function loadLossFractions(db: Db): void {
  db.exec("DELETE FROM grid_loss_fractions");
  const insert = db.prepare(
    "INSERT INTO grid_loss_fractions (key, country, year, value, source, source_ref) VALUES (?, ?, ?, ?, ?, ?)",
  );
  for (const f of shippedLossFractions()) {
    insert.run(f.key, f.country, f.year, f.value, f.source, f.sourceRef);
  }
}

export function addEmissionLines(db: Db, libraryVersionKey: string): void {
  db.exec(LINES_SCHEMA);
  // Emissions stored before were priced with the library the database held before releases
  // were kept: migration 30 recorded it as the first release.
  const version =
    db.prepare<[], string>("SELECT version FROM factor_releases WHERE ref = 1").pluck().get() ??
    db
      .prepare<[string], string>("SELECT value FROM meta WHERE key = ?")
      .pluck()
      .get(libraryVersionKey) ??
    "unknown";
  db.prepare("UPDATE emission_provenance SET library_version = ?").run(version);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(
    LEGACY_LIBRARY_VERSION_KEY,
    version,
  );
  loadLossFractions(db);
}
