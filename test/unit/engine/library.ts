/**
 * Test fixtures: the shipped factor library (the current release, as a new database loads it),
 * the category tree and its proxy designations, parsed once.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { categoryId } from "../../../src/core/ids.js";
import { type Category, categorySchema } from "../../../src/core/model/category.js";
import type { EmissionFactor, StoredCustomFactor } from "../../../src/core/model/factor.js";
import { calculateEmission } from "../../../src/engine/emission.js";
import { createFactorIndex, type FactorIndex } from "../../../src/engine/factor-index.js";
import { resolveFactors } from "../../../src/engine/resolve.js";
import {
  categoryTree,
  FLEET_SUBCATEGORIES,
  libraryCategories,
  wttCategories,
} from "../../../src/shipped/categories.js";
import { buildRelease, factorLibrary } from "../../../src/shipped/library-files.js";
import { BASE_RELEASE, CURRENT_RELEASE } from "../../../src/shipped/library-releases.js";

export const factorsDir = path.resolve(import.meta.dirname, "../../../fixtures/factors");

export function readFixture(name: string): string {
  return fs.readFileSync(path.join(factorsDir, name), "utf8");
}

export function readCsv(name: string): Record<string, string>[] {
  return parse<Record<string, string>>(readFixture(name), { columns: true, bom: true });
}

/** The base file's rows as csv-parse reads them, and the base release built from them. */
export const factorRows: Record<string, string>[] = readCsv("emission-factors.csv");
export const baseFactors: readonly EmissionFactor[] = factorLibrary(BASE_RELEASE).factors;

/**
 * The current release as built from its source files (with the rows that are not factors);
 * library-data.test.ts checks that the built file new databases load holds the same rows.
 */
export const library = buildRelease(CURRENT_RELEASE);
export const factors: readonly EmissionFactor[] = library.factors;
export const proxies = library.proxies;
export const index: FactorIndex = createFactorIndex(factors, proxies);

/**
 * The whole tree as a new database holds it: categories.csv, fleet, the subcategories generated
 * from the library, then those of its well-to-tank keys.
 */
export const tree: readonly Category[] = [
  ...categoryTree(),
  ...FLEET_SUBCATEGORIES,
  ...libraryCategories(),
  ...wttCategories(),
];

export const categories: Category[] = readCsv("categories.csv").map((row) =>
  categorySchema.parse({
    id: categoryId(row.code ?? ""),
    level: row.level,
    code: row.code,
    name: row.name,
    parentId: row.parent ? categoryId(row.parent) : null,
    scope: Number(row.scope),
    defaultUnit: row.default_unit || null,
    factorKey: row.factor_key || null,
    marketFactorKey: row.market_factor_key || null,
  }),
);

/** A category of the whole tree by code (categories.csv, fleet or generated). */
export function category(code: string): Category {
  const found = tree.find((c) => c.code === code);
  if (found === undefined) throw new Error(`no category ${code} in the tree`);
  return found;
}

/** The one library row that matches (throws if there are none or several). */
export function factorRow(
  key: string,
  country: string | null,
  year: number,
  unit: string,
  options: {
    readonly scope?: number;
    readonly sourceStart?: string;
    readonly co2e?: number;
    readonly calorificBasis?: "gross" | "net" | null;
    readonly from?: readonly EmissionFactor[];
  } = {},
): EmissionFactor {
  const rows = (options.from ?? factors).filter(
    (f) =>
      f.key === key &&
      f.country === country &&
      f.year === year &&
      f.unit === unit &&
      (options.scope === undefined || f.scope === options.scope) &&
      (options.co2e === undefined || f.co2e === options.co2e) &&
      (options.calorificBasis === undefined || f.calorificBasis === options.calorificBasis) &&
      f.source.startsWith(options.sourceStart ?? ""),
  );
  if (rows.length !== 1) {
    throw new Error(`expected one row ${key} ${country} ${year} ${unit}, found ${rows.length}`);
  }
  const [row] = rows;
  if (row === undefined) throw new Error("unreachable");
  return row;
}

/** The emission of a consumption through the real resolver and calculation, on the library. */
export function emission(
  code: string,
  country: string | null,
  year: number,
  quantity: number,
  unit: string,
  customFactors: readonly StoredCustomFactor[] = [],
) {
  const cat = category(code);
  const resolution = resolveFactors({ category: cat, country, year, unit, customFactors, index });
  return calculateEmission({ quantity, unit, category: cat, resolution });
}
