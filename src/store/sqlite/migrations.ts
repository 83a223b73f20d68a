import { CarbonError } from "../../core/errors.js";
import { categoryTree } from "../../shipped/categories.js";
import { FACTOR_TABLE_COLUMNS } from "../../shipped/factor-rows.js";
import { baseGlobalDefaults } from "../../shipped/global-defaults.js";
import { factorLibrary } from "../../shipped/library-files.js";
import { BASE_RELEASE, OPEN_SOURCES_RELEASE } from "../../shipped/library-releases.js";
import { auditDeletions, SCHEMA_AUDIT } from "./audit.js";
import { uniqueBuildingNames } from "./building-names.js";
import {
  addLibraryCategories,
  addWttCategories,
  insertMissingCategories,
} from "./category-seed.js";
import { CERTIFICATES_SCHEMA } from "./certificate-cover.js";
import { COMMENTS_SCHEMA } from "./comments.js";
import { CUSTOM_FACTOR_VALIDITY_SCHEMA } from "./custom-factor-validity.js";
import { CUSTOM_INPUTS_SCHEMA } from "./custom-inputs.js";
import { APPLICATION_ID, type Db, notCarbonDatabase } from "./database.js";
import { EFFLUENTS_SCHEMA } from "./effluents.js";
import { GLEC_SCHEMA } from "./glec-schema.js";
import { GOALS_SCHEMA } from "./goals.js";
import { INVOICES_SCHEMA } from "./invoices-schema.js";
import { keepLibraryReleases, LIBRARY_VERSION_KEY, loadRelease } from "./library-load.js";
import { addEmissionLines } from "./lines-schema.js";
import { LIST_INDEXES } from "./list-indexes.js";
import type { Migration } from "./migration.js";
import { ORGANIZATION_LIMITS_SCHEMA } from "./organization-limits.js";
import { provenanceOfEachBasis, readPolicy, writePolicy } from "./resolution-schema.js";
import { consumptionDatesAsIntegers, SCHEMA_V1 } from "./schema.js";
import { SUPPLIERS_SCHEMA } from "./supplier-schema.js";
import { USERS_SCHEMA } from "./user-rows.js";
import { addVehicles } from "./vehicles-schema.js";

export { LIBRARY_VERSION_KEY } from "./library-load.js";

/** Migration 2: the whole tree into the empty table (refs 1, 2, ... in categories.csv's order). */
function seedCategories(db: Db): void {
  insertMissingCategories(db, categoryTree());
}

/**
 * Replaces the factor library and its global defaults with the base release, as migrations 3
 * and 28 loaded it before releases were kept (later releases load with `loadRelease`); records
 * the library version. The columns written are those the table has at that migration.
 */
export function loadFactorLibrary(db: Db): void {
  const library = factorLibrary(BASE_RELEASE);
  db.exec("DELETE FROM emission_factors; DELETE FROM global_defaults;");
  const present = new Set(
    db.prepare<[], string>("SELECT name FROM pragma_table_info('emission_factors')").pluck().all(),
  );
  const columns = FACTOR_TABLE_COLUMNS.filter(([column]) => present.has(column));
  const insertFactor = db.prepare(
    `INSERT INTO emission_factors (${columns.map(([column]) => column).join(", ")})
     VALUES (${columns.map(() => "?").join(", ")})`,
  );
  for (const factor of library.factors) {
    insertFactor.run(...columns.map(([, value]) => value(factor)));
  }
  // The base release's global-defaults.csv, in the table those migrations had (key, country, year).
  const insertDefault = db.prepare(
    "INSERT INTO global_defaults (key, country, year, reason) VALUES (?, ?, ?, ?)",
  );
  for (const d of baseGlobalDefaults()) {
    insertDefault.run(d.key, d.country, d.year, d.reason);
  }
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(
    LIBRARY_VERSION_KEY,
    library.version,
  );
}

/** Figures beyond the largest double: SQLite reads 9e999 as infinity. */
const NON_FINITE = ["co2e", "co2", "ch4", "n2o", "co2e_market", "converted_quantity"]
  .map((column) => `abs(${column}) = 9e999`)
  .join(" OR ");

/**
 * Before quantities were bounded an emission could be stored as infinity, which made every
 * total it joined infinite (null in JSON); such emissions become awaiting_factor, counted in
 * every summary, until their quantity is corrected.
 */
function awaitNonFiniteEmissions(db: Db): void {
  db.exec(`UPDATE consumptions SET co2e = NULL, co2 = NULL, ch4 = NULL, n2o = NULL,
      co2e_market = NULL, converted_quantity = NULL, provenance_ref = NULL
    WHERE ${NON_FINITE}`);
}

/**
 * The engine's own migrations; a plain resource's table brings its own (src/store/sqlite/NAME.ts,
 * `nameTable.migration`), and the local engine runs all of them in version order
 * (`withMigrations`). Ordered, append-only. A released migration is never edited: a change to the schema or to the
 * shipped data is a new migration (to update the factor library, add one that calls
 * `loadFactorLibrary`, see docs/factor-library.md).
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "schema",
    up(db) {
      db.exec(SCHEMA_V1);
      db.pragma(`application_id = ${APPLICATION_ID}`);
    },
  },
  { version: 2, name: "GHG Protocol category tree", up: seedCategories },
  { version: 3, name: "default emission-factor library", up: loadFactorLibrary },
  {
    version: 4,
    name: "suppliers and clients",
    up(db) {
      db.exec(SUPPLIERS_SCHEMA);
    },
  },
  {
    version: 5,
    name: "GLEC service footprint entries",
    up(db) {
      db.exec(GLEC_SCHEMA);
    },
  },
  { version: 6, name: "audit trail", up: (db) => db.exec(SCHEMA_AUDIT) },
  { version: 7, name: "consumption dates as integers", up: consumptionDatesAsIntegers },
  { version: 8, name: "unique building names per company", up: uniqueBuildingNames },
  { version: 9, name: "deletions in the audit trail", up: auditDeletions },
  { version: 10, name: "emissions that are not finite numbers", up: awaitNonFiniteEmissions },
  { version: 11, name: "indexes in list order", up: (db) => db.exec(LIST_INDEXES) },
  { version: 13, name: "comments", up: (db) => db.exec(COMMENTS_SCHEMA) },
  { version: 14, name: "reduction goals and tasks", up: (db) => db.exec(GOALS_SCHEMA) },
  { version: 15, name: "vehicles and fleet subcategories", up: addVehicles },
  { version: 16, name: "invoices", up: (db) => db.exec(INVOICES_SCHEMA) },
  { version: 17, name: "users and invitations", up: (db) => db.exec(USERS_SCHEMA) },
  { version: 18, name: "effluents", up: (db) => db.exec(EFFLUENTS_SCHEMA) },
  { version: 19, name: "organization limits", up: (db) => db.exec(ORGANIZATION_LIMITS_SCHEMA) },
  { version: 20, name: "custom inputs", up: (db) => db.exec(CUSTOM_INPUTS_SCHEMA) },
  { version: 21, name: "energy attribute certificates", up: (db) => db.exec(CERTIFICATES_SCHEMA) },
  {
    version: 27,
    name: "consumptions and invoices naming a custom input",
    up: (db) =>
      db.exec(`ALTER TABLE consumptions ADD COLUMN input_ref INTEGER REFERENCES custom_inputs (ref);
        ALTER TABLE invoices ADD COLUMN provider TEXT;`),
  },
  {
    version: 28,
    name: "calorific basis and biogenic CO2 of library factors",
    up: (db) => {
      db.exec(`ALTER TABLE emission_factors ADD COLUMN calorific_basis TEXT;
        ALTER TABLE emission_factors ADD COLUMN biogenic_co2 REAL;`);
      loadFactorLibrary(db);
    },
  },
  {
    version: 30,
    name: "factor library releases; the open sources library",
    up: (db) => {
      keepLibraryReleases(db);
      loadRelease(db, OPEN_SOURCES_RELEASE);
      addLibraryCategories(db);
    },
  },
  {
    version: 31,
    name: "well-to-tank subcategories of every fuel of the library",
    up: addWttCategories,
  },
  {
    version: 35,
    name: "emission lines: calculation records, grid loss fractions, scope 3 category 3 subcategories",
    up: (db) => addEmissionLines(db, LIBRARY_VERSION_KEY),
  },
  {
    version: 40,
    name: "market- and location-based provenance apart, a bill's kWh per m3",
    up: provenanceOfEachBasis,
    rebuildsReferencedTable: true,
  },
  {
    version: 41,
    name: "GWP set and proxy policy",
    up: (db) => writePolicy(db, readPolicy(db)),
  },
  {
    version: 45,
    name: "custom factors valid from a day to a day",
    up: (db) => db.exec(CUSTOM_FACTOR_VALIDITY_SCHEMA),
  },
];

/** `engine` and `more` in version order; two of one version are a mistake of ours. */
export function withMigrations(
  engine: readonly Migration[],
  more: readonly Migration[],
): readonly Migration[] {
  const all = [...engine, ...more].toSorted((a, b) => a.version - b.version);
  const twice = all.find((migration, i) => i > 0 && all[i - 1]?.version === migration.version);
  if (twice !== undefined) throw new Error(`two migrations have version ${twice.version}`);
  return all;
}

/** The version of the last of these migrations. */
export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

function userVersion(db: Db): number {
  const value = db.pragma("user_version", { simple: true });
  return typeof value === "number" ? value : 0;
}

/** Refuses files that are not ours or are newer than this build; else applies what is missing. */
export function migrate(
  db: Db,
  file: string,
  migrations: readonly Migration[],
  onUpgrade?: (message: string) => void,
): void {
  const latest = latestVersion(migrations);
  checkCompatible(db, file, latest);
  // A new file is made in a blink; an existing one may hold millions of rows to convert.
  const existing = userVersion(db) > 0;
  for (const migration of migrations) {
    if (userVersion(db) >= migration.version) continue;
    if (existing) {
      onUpgrade?.(
        `upgrading ${file} to database version ${migration.version} (${migration.name}); this happens once`,
      );
    }
    const apply = db.transaction(() => {
      // Re-read inside the write lock: another process may have migrated meanwhile.
      const current = userVersion(db);
      if (current >= migration.version) return;
      checkCompatible(db, file, latest);
      migration.up(db, onUpgrade);
      db.pragma(`user_version = ${migration.version}`);
    });
    // Only outside a transaction can foreign keys be turned off.
    const keysOff = migration.rebuildsReferencedTable === true;
    if (keysOff) db.pragma("foreign_keys = OFF");
    try {
      apply.immediate();
    } finally {
      if (keysOff) db.pragma("foreign_keys = ON");
    }
  }
}

function checkCompatible(db: Db, file: string, latest: number): void {
  const version = userVersion(db);
  if (version > latest) {
    throw new CarbonError(
      "usage",
      `${file} was created by a newer carbon (database version ${version}, this one knows up to ${latest}); upgrade`,
      { hint: "install the latest carbon-ops, or use another --db" },
    );
  }
  if (version === 0) {
    const tables = db.prepare("SELECT count(*) FROM sqlite_schema").pluck().get();
    if (tables !== 0) throw notCarbonDatabase(file);
    return;
  }
  const applicationId = db.pragma("application_id", { simple: true });
  if (applicationId !== APPLICATION_ID) throw notCarbonDatabase(file);
}
