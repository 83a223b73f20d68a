import { uuidV5 } from "../core/ids.js";
import type { Scope } from "../core/model/common.js";
import type { EmissionFactor, GwpSet } from "../core/model/factor.js";
import { findUnit } from "./units.js";

/**
 * Turns the rows of `fixtures/factors/emission-factors.csv` and of the extra files (the same 15
 * columns, then the documented extended ones of `fixtures/factors/extra/SOURCES.md`), parsed with
 * `columns: true`, into library factors. Shared by the library build and the engine's tests.
 *
 * - id: UUID v5 of `factor:key|country|year|unit|basis|scope|source`, so it is the same on
 *   every install and does not move when rows are reordered;
 * - country "" -> null (factors that apply everywhere, such as GWPs);
 * - gwpSet: the row's `gwp_set` when it names AR4, AR5 or AR6, else from `basis` (contains
 *   "AR6" -> AR6, "AR4" -> AR4, else AR5; library-build.ts corrects MITECO's);
 * - priority: the row's index, so the first of two otherwise equal rows wins;
 * - numbers through Number(); an empty per-gas cell is null (unknown, never 0);
 * - a row whose `gas_basis` says "CO2 only" and whose kgco2e_per_unit is empty on purpose gets
 *   its CO2 as co2e (CH4 and N2O null), the gas basis saying what it leaves out;
 * - calorificBasis of rows per unit of energy, from `basis`: "net CV" or "PCI" -> net, "gross
 *   CV" or "PCS" -> gross, else null (rows per litre, kg or m3 have none);
 * - biogenicCo2 from the optional column `kgco2_biogenic_per_unit` (null when absent or empty);
 * - the extended columns when present: gas_basis, kgco2e_of_{co2,ch4,n2o}_per_unit,
 *   source_unit, source_id, licence, derived (null when absent or empty).
 * A malformed row throws an Error naming the row: the library is shipped data, so this is a bug.
 */
export function factorsFromCsvRows(rows: readonly Record<string, string>[]): EmissionFactor[] {
  return rows.map((row, index) => factorFromRow(row, index));
}

/** One row (see factorsFromCsvRows); `index` is its priority, `key` replaces the row's. */
export function factorFromRow(
  row: Readonly<Record<string, string>>,
  index: number,
  key: string = (row.key ?? "").trim(),
): EmissionFactor {
  const where = (): string => `emission factor row ${index + 1} (key "${key}")`;
  const text = (column: string): string => {
    const value = row[column];
    if (value === undefined) throw new Error(`${where()}: column ${column} is missing`);
    return value.trim();
  };
  const optionalNumber = (column: string): number | null => {
    const value = text(column);
    if (value === "") return null;
    const parsed = Number(value);
    if (Number.isNaN(parsed)) {
      throw new Error(`${where()}, column ${column}: expected a number, got "${value}"`);
    }
    return parsed;
  };
  const optionalText = (column: string): string | null => {
    const value = (row[column] ?? "").trim();
    return value === "" ? null : value;
  };
  const extraNumber = (column: string): number | null =>
    row[column] === undefined ? null : optionalNumber(column);
  const requiredNumber = (column: string): number => {
    const parsed = optionalNumber(column);
    if (parsed === null) throw new Error(`${where()}, column ${column}: expected a number, got ""`);
    return parsed;
  };

  const country = text("country");
  const year = requiredNumber("year");
  if (!Number.isInteger(year)) {
    throw new Error(`${where()}, column year: expected a whole year, got "${text("year")}"`);
  }
  const scope = parseScope(requiredNumber("scope"), where);
  const unit = text("activity_unit");
  const basis = text("basis");
  const source = text("source");
  const gasBasis = optionalText("gas_basis");
  const co2 = optionalNumber("kgco2_per_unit");
  // A CO2-only row (EPA Table 2, MITECO's residual mix to 2020): its co2e is its CO2, labelled.
  const co2Only =
    gasBasis !== null && /^CO2 only/i.test(gasBasis) && text("kgco2e_per_unit") === "";
  return {
    id: factorIdOf({ key, country, year, unit, basis, scope, source }),
    key,
    scope,
    category: text("category"),
    subcategory: text("subcategory"),
    description: text("description"),
    country: country === "" ? null : country,
    year,
    unit,
    co2e: co2Only && co2 !== null ? co2 : requiredNumber("kgco2e_per_unit"),
    co2,
    ch4: optionalNumber("kgch4_per_unit"),
    n2o: optionalNumber("kgn2o_per_unit"),
    basis,
    source,
    sourceRef: text("source_ref"),
    gwpSet: explicitGwpSet(optionalText("gwp_set")) ?? gwpSetOfBasis(basis),
    calorificBasis: isEnergyUnit(unit) ? calorificBasisOf(basis) : null,
    biogenicCo2: extraNumber("kgco2_biogenic_per_unit"),
    gasBasis,
    co2eOfCo2: extraNumber("kgco2e_of_co2_per_unit"),
    co2eOfCh4: extraNumber("kgco2e_of_ch4_per_unit"),
    co2eOfN2o: extraNumber("kgco2e_of_n2o_per_unit"),
    sourceUnit: optionalText("source_unit"),
    sourceId: optionalText("source_id"),
    licence: optionalText("licence"),
    derived: optionalText("derived"),
    priority: index,
  };
}

function parseScope(value: number, where: () => string): Scope {
  if (value === 1 || value === 2 || value === 3) return value;
  throw new Error(`${where()}, column scope: expected 1, 2 or 3, got "${value}"`);
}

export function gwpSetOfBasis(basis: string): GwpSet {
  if (basis.includes("AR6")) return "AR6";
  if (basis.includes("AR4")) return "AR4";
  return "AR5";
}

/** The GWP set a row's `gwp_set` column names, if it names one ("n/a (CO2)" names none). */
export function explicitGwpSet(explicit: string | null): GwpSet | undefined {
  return (["AR6", "AR5", "AR4"] as const).find((set) => explicit?.includes(set) === true);
}

/** The heating value a row's `basis` names, if any. */
export function calorificBasisOf(basis: string): "gross" | "net" | null {
  if (/\bnet CV\b|\bPCI\b/i.test(basis)) return "net";
  if (/\bgross CV\b|\bPCS\b/i.test(basis)) return "gross";
  return null;
}

export function isEnergyUnit(unit: string): boolean {
  return findUnit(unit)?.dimension === "energy";
}

/** The stable id of a library row; `country` is "" for rows that apply everywhere. */
export function factorIdOf(row: {
  readonly key: string;
  readonly country: string;
  readonly year: number;
  readonly unit: string;
  readonly basis: string;
  readonly scope: Scope;
  readonly source: string;
}): string {
  const parts = [row.key, row.country, row.year, row.unit, row.basis, row.scope, row.source];
  return uuidV5(`factor:${parts.join("|")}`);
}
