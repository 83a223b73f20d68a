import { uuidV5 } from "../core/ids.js";
import type { Scope } from "../core/model/common.js";
import type { EmissionFactor, GwpSet } from "../core/model/factor.js";

/**
 * Turns the rows of `fixtures/factors/emission-factors.csv` (parsed with `columns: true`) into
 * library factors. Shared by the local backend's loader and the engine's tests.
 *
 * - id: UUID v5 of `factor:key|country|year|unit|basis|scope|source`, so it is the same on
 *   every install and does not move when rows are reordered;
 * - country "" -> null (factors that apply everywhere, such as GWPs);
 * - gwpSet from `basis`: contains "AR6" -> AR6, "AR4" -> AR4, else AR5 (SOURCES.md);
 * - priority: the row's index, so the first of two otherwise equal rows wins;
 * - numbers through Number(); an empty per-gas cell is null (unknown, never 0);
 * - calorificBasis from `basis`: "net CV" or "PCI" -> net, "gross CV" or "PCS" -> gross, else null;
 * - biogenicCo2 from the optional column `kgco2_biogenic_per_unit` (null when absent or empty).
 * A malformed row throws an Error naming the row: the library is shipped data, so this is a bug.
 */
export function factorsFromCsvRows(rows: readonly Record<string, string>[]): EmissionFactor[] {
  return rows.map((row, index) => factorFromRow(row, index));
}

function factorFromRow(row: Record<string, string>, index: number): EmissionFactor {
  const where = (): string => `emission factor row ${index + 1} (key "${row.key ?? ""}")`;
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
  const requiredNumber = (column: string): number => {
    const parsed = optionalNumber(column);
    if (parsed === null) throw new Error(`${where()}, column ${column}: expected a number, got ""`);
    return parsed;
  };

  const key = text("key");
  const country = text("country");
  const year = requiredNumber("year");
  if (!Number.isInteger(year)) {
    throw new Error(`${where()}, column year: expected a whole year, got "${text("year")}"`);
  }
  const scope = parseScope(requiredNumber("scope"), where);
  const unit = text("activity_unit");
  const basis = text("basis");
  const source = text("source");
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
    co2e: requiredNumber("kgco2e_per_unit"),
    co2: optionalNumber("kgco2_per_unit"),
    ch4: optionalNumber("kgch4_per_unit"),
    n2o: optionalNumber("kgn2o_per_unit"),
    basis,
    source,
    sourceRef: text("source_ref"),
    gwpSet: gwpSetOfBasis(basis),
    calorificBasis: calorificBasisOf(basis),
    biogenicCo2:
      row.kgco2_biogenic_per_unit === undefined ? null : optionalNumber("kgco2_biogenic_per_unit"),
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

/** The heating value a row's `basis` names, if any. */
export function calorificBasisOf(basis: string): "gross" | "net" | null {
  if (/\bnet CV\b|\bPCI\b/i.test(basis)) return "net";
  if (/\bgross CV\b|\bPCS\b/i.test(basis)) return "gross";
  return null;
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
