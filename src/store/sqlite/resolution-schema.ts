/**
 * The storage of how factors are chosen (docs/factor-library.md "How a factor is chosen"):
 * emission provenance that records each basis apart, the bill's kWh per m3 of a consumption,
 * and the database's calculation policy in `meta` (GWP set, proxies). A release's proxy
 * designations are kept with it (library-load.ts).
 */
import type { CalculationPolicy } from "../../core/model/calculation-policy.js";
import { GWP_SET_KEY, PROXY_POLICY_KEY, policyOf } from "../stored-meta.js";
import type { Db } from "./database.js";

export type { CalculationPolicy } from "../../core/model/calculation-policy.js";

export { DEFAULT_POLICY, GWP_SET_KEY, PROXY_POLICY_KEY } from "../stored-meta.js";

/** The database's policy; a database without the keys (or a value this build does not know) has the defaults. */
export function readPolicy(db: Db): CalculationPolicy {
  const read = db.prepare<[string], string>("SELECT value FROM meta WHERE key = ?").pluck();
  return policyOf(read.get(GWP_SET_KEY), read.get(PROXY_POLICY_KEY));
}

export function writePolicy(db: Db, policy: CalculationPolicy): void {
  const write = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
  write.run(GWP_SET_KEY, policy.gwpSet);
  write.run(PROXY_POLICY_KEY, policy.proxies);
}

/**
 * Migration 40: provenance of each basis apart. The location columns become nullable (a scope 2
 * emission can have a market-based factor and none location-based), the factor's geography and
 * the market factor's step, geography, year and GWP set are added. SQLite cannot drop NOT NULL
 * in place, so the table is rebuilt with the same refs (the migration runs with foreign keys
 * off and checks them before it commits). Existing rows: geography and the market factor's
 * details from the library rows they name; a designated stand-in (`global_default` with a
 * country) becomes `proxy`, which is what it was; a factor's details are those of the first
 * version the library kept of it (the one the emission was calculated with). The calculation
 * records' lines and library version (migration 35) are kept. Consumptions get the bill's kWh
 * per m3.
 */
export function provenanceOfEachBasis(db: Db): void {
  db.exec(`
CREATE TEMP TABLE first_versions AS
  SELECT id, country, year, gwp_set, min(ref) AS ref FROM emission_factors GROUP BY id;
CREATE TABLE emission_provenance_v40 (
  ref INTEGER PRIMARY KEY,
  signature TEXT NOT NULL UNIQUE,
  factor_id TEXT,
  factor_source TEXT,
  factor_year INTEGER,
  factor_unit TEXT,
  factor_value REAL,
  resolution TEXT,
  gwp_set TEXT,
  geography TEXT,
  market_factor_id TEXT,
  market_basis TEXT,
  market_resolution TEXT,
  market_geography TEXT,
  market_factor_year INTEGER,
  market_gwp_set TEXT,
  library_version TEXT,
  lines TEXT
);
INSERT INTO emission_provenance_v40 (ref, signature, factor_id, factor_source, factor_year,
    factor_unit, factor_value, resolution, gwp_set, geography, market_factor_id, market_basis,
    market_resolution, market_geography, market_factor_year, market_gwp_set, library_version,
    lines)
  SELECT p.ref, p.signature, p.factor_id, p.factor_source, p.factor_year, p.factor_unit,
    p.factor_value,
    CASE WHEN p.resolution = 'global_default' AND f.country IS NOT NULL THEN 'proxy'
      ELSE p.resolution END,
    p.gwp_set, f.country, p.market_factor_id, p.market_basis,
    CASE WHEN p.market_basis = 'location_fallback' THEN
      CASE WHEN p.resolution = 'global_default' AND f.country IS NOT NULL THEN 'proxy'
        ELSE p.resolution END
      WHEN p.market_basis = 'company_custom' THEN 'company_custom' END,
    m.country, coalesce(m.year, cm.year),
    CASE WHEN p.market_factor_id IS NULL THEN NULL WHEN m.gwp_set IS NOT NULL THEN m.gwp_set
      WHEN p.market_basis = 'location_fallback' THEN p.gwp_set ELSE 'AR5' END,
    p.library_version, p.lines
  FROM emission_provenance p
  LEFT JOIN first_versions f ON f.id = p.factor_id
  LEFT JOIN first_versions m ON m.id = p.market_factor_id
  LEFT JOIN custom_factors cm ON cm.id = p.market_factor_id
  ORDER BY p.ref;
DROP TABLE emission_provenance;
DROP TABLE temp.first_versions;
ALTER TABLE emission_provenance_v40 RENAME TO emission_provenance;
ALTER TABLE consumptions ADD COLUMN kwh_per_m3 REAL;
`);
  const broken = db.prepare("PRAGMA foreign_key_check").all();
  if (broken.length > 0) {
    throw new Error(`migration 40 left ${broken.length} broken references: not committed`);
  }
}
