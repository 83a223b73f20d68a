/** Test fixtures: the shipped factor library, category tree and proxy designations, parsed once. */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { categoryId } from "../../../src/core/ids.js";
import { type Category, categorySchema } from "../../../src/core/model/category.js";
import type { EmissionFactor } from "../../../src/core/model/factor.js";
import { createFactorIndex, type FactorIndex } from "../../../src/engine/factor-index.js";
import { factorsFromCsvRows } from "../../../src/engine/library-rows.js";
import { parseProxyDesignations } from "../../../src/engine/proxies.js";

export const factorsDir = path.resolve(import.meta.dirname, "../../../fixtures/factors");

export function readFixture(name: string): string {
  return fs.readFileSync(path.join(factorsDir, name), "utf8");
}

export function readCsv(name: string): Record<string, string>[] {
  return parse<Record<string, string>>(readFixture(name), { columns: true, bom: true });
}

export const factorRows: Record<string, string>[] = readCsv("emission-factors.csv");
export const factors: EmissionFactor[] = factorsFromCsvRows(factorRows);
export const proxies = parseProxyDesignations(readFixture("proxies.csv"));
export const index: FactorIndex = createFactorIndex(factors, proxies);

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

export function category(code: string): Category {
  const found = categories.find((c) => c.code === code);
  if (found === undefined) throw new Error(`no category ${code} in categories.csv`);
  return found;
}

/** The one library row that matches (throws if there are none or several). */
export function factorRow(
  key: string,
  country: string | null,
  year: number,
  unit: string,
  options: { readonly scope?: number; readonly sourceStart?: string; readonly co2e?: number } = {},
): EmissionFactor {
  const rows = factors.filter(
    (f) =>
      f.key === key &&
      f.country === country &&
      f.year === year &&
      f.unit === unit &&
      (options.scope === undefined || f.scope === options.scope) &&
      (options.co2e === undefined || f.co2e === options.co2e) &&
      f.source.startsWith(options.sourceStart ?? ""),
  );
  if (rows.length !== 1) {
    throw new Error(`expected one row ${key} ${country} ${year} ${unit}, found ${rows.length}`);
  }
  const [row] = rows;
  if (row === undefined) throw new Error("unreachable");
  return row;
}
