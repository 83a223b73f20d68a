/** How a library factor is stored in `emission_factors` and read back. */
import type { EmissionFactor } from "../core/model/factor.js";

/** A row of `emission_factors` as `SELECT ${FACTOR_COLUMNS}` reads it. */
export interface FactorRow {
  id: string;
  key: string;
  scope: 1 | 2 | 3;
  category: string;
  subcategory: string;
  description: string;
  country: string | null;
  year: number;
  unit: string;
  co2e: number;
  co2: number | null;
  ch4: number | null;
  n2o: number | null;
  basis: string;
  source: string;
  source_ref: string;
  gwp_set: "AR4" | "AR5" | "AR6";
  calorific_basis: "gross" | "net" | null;
  biogenic_co2: number | null;
  gas_basis: string | null;
  co2e_of_co2: number | null;
  co2e_of_ch4: number | null;
  co2e_of_n2o: number | null;
  source_unit: string | null;
  source_id: string | null;
  licence: string | null;
  derived: string | null;
  priority: number;
}

/** The columns of `emission_factors` and what each holds of a library factor, in table order. */
export const FACTOR_TABLE_COLUMNS: readonly (readonly [
  keyof FactorRow,
  (factor: EmissionFactor) => string | number | null,
])[] = [
  ["id", (f) => f.id],
  ["key", (f) => f.key],
  ["scope", (f) => f.scope],
  ["category", (f) => f.category],
  ["subcategory", (f) => f.subcategory],
  ["description", (f) => f.description],
  ["country", (f) => f.country],
  ["year", (f) => f.year],
  ["unit", (f) => f.unit],
  ["co2e", (f) => f.co2e],
  ["co2", (f) => f.co2],
  ["ch4", (f) => f.ch4],
  ["n2o", (f) => f.n2o],
  ["basis", (f) => f.basis],
  ["source", (f) => f.source],
  ["source_ref", (f) => f.sourceRef],
  ["gwp_set", (f) => f.gwpSet],
  ["calorific_basis", (f) => f.calorificBasis],
  ["biogenic_co2", (f) => f.biogenicCo2],
  ["gas_basis", (f) => f.gasBasis],
  ["co2e_of_co2", (f) => f.co2eOfCo2],
  ["co2e_of_ch4", (f) => f.co2eOfCh4],
  ["co2e_of_n2o", (f) => f.co2eOfN2o],
  ["source_unit", (f) => f.sourceUnit],
  ["source_id", (f) => f.sourceId],
  ["licence", (f) => f.licence],
  ["derived", (f) => f.derived],
  ["priority", (f) => f.priority],
];

export const FACTOR_COLUMNS: string = FACTOR_TABLE_COLUMNS.map(([column]) => column).join(", ");

export function factorFromRow(row: FactorRow): EmissionFactor {
  return {
    id: row.id,
    key: row.key,
    scope: row.scope,
    category: row.category,
    subcategory: row.subcategory,
    description: row.description,
    country: row.country,
    year: row.year,
    unit: row.unit,
    co2e: row.co2e,
    co2: row.co2,
    ch4: row.ch4,
    n2o: row.n2o,
    basis: row.basis,
    source: row.source,
    sourceRef: row.source_ref,
    gwpSet: row.gwp_set,
    calorificBasis: row.calorific_basis,
    biogenicCo2: row.biogenic_co2,
    gasBasis: row.gas_basis,
    co2eOfCo2: row.co2e_of_co2,
    co2eOfCh4: row.co2e_of_ch4,
    co2eOfN2o: row.co2e_of_n2o,
    sourceUnit: row.source_unit,
    sourceId: row.source_id,
    licence: row.licence,
    derived: row.derived,
    priority: row.priority,
  };
}
