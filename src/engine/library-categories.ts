/**
 * Subcategories generated from the factor library (fixtures/factors/library-categories.csv,
 * docs/factor-library.md "Categories"): one per key and scope that no subcategory of
 * categories.csv selects, so that every factor of the library can be picked. Deterministic: the
 * same library gives the same rows in the same order (the keys' order in the library).
 */
import type { EmissionFactor } from "../core/model/factor.js";

/** A line of categories.csv or library-categories.csv. */
export interface CategoryLine {
  readonly level: "scope" | "category" | "subcategory";
  readonly code: string;
  readonly parent: string;
  readonly scope: number;
  readonly name: string;
  readonly defaultUnit: string;
  readonly factorKey: string;
  readonly marketFactorKey: string;
}

/** The parent category of a row, from its `category` column. */
const PARENTS: Readonly<Record<string, string>> = {
  "Stationary combustion": "stationary_combustion",
  "Mobile combustion": "mobile_combustion",
  "Fugitive emissions": "fugitive_emissions",
  "Purchased electricity": "purchased_electricity",
  "Purchased heat and steam": "purchased_heat_steam_cooling",
  "Cat 1 Purchased goods and services": "s3_01_purchased_goods_services",
  "Cat 3 Fuel- and energy-related activities": "s3_03_fuel_energy_related",
  "Cat 4 Upstream transportation and distribution": "s3_04_upstream_transportation",
  "Cat 5 Waste generated in operations": "s3_05_waste",
  "Cat 6 Business travel": "s3_06_business_travel",
  "Cat 7 Employee commuting": "s3_07_employee_commuting",
};

/**
 * Keys of the scope 3 category 3 lines derived from energy consumptions: the well-to-tank of
 * fuels, electricity and heat, and heat's distribution losses. They get their subcategories in
 * the category 3 block of categories.csv or in wtt-categories.csv (wtt-categories.ts), not here.
 */
export function isDerivedLineKey(factor: EmissionFactor): boolean {
  if (factor.category !== "Cat 3 Fuel- and energy-related activities") return false;
  return (
    factor.key.endsWith("_wtt") ||
    factor.key === "electricity_td_wtt" ||
    factor.key === "district_heat_distribution_loss"
  );
}

/**
 * The generated subcategories: for each (key, scope) of the library, in library order, that
 * no existing subcategory selects (its factor key or, in scope 2, its market factor key) and
 * that is not a derived line: code = the key (or `<key>_scope<N>` when the code is taken), the
 * parent from the rows' category, the default unit that of the key's latest year's first row,
 * the name from the first row's description (`nameOf`).
 */
export function generateLibraryCategories(
  factors: readonly EmissionFactor[],
  existing: readonly {
    readonly code: string;
    readonly scope: number;
    readonly factorKey: string | null;
    readonly marketFactorKey: string | null;
  }[],
): CategoryLine[] {
  const selected = new Set<string>();
  const codes = new Set(existing.map((c) => c.code));
  for (const c of existing) {
    if (c.factorKey !== null) selected.add(`${c.scope}|${c.factorKey}`);
    if (c.marketFactorKey !== null) selected.add(`${c.scope}|${c.marketFactorKey}`);
  }
  const groups = new Map<string, EmissionFactor[]>();
  for (const factor of [...factors].sort((a, b) => a.priority - b.priority)) {
    const slot = `${factor.scope}|${factor.key}`;
    if (selected.has(slot) || isDerivedLineKey(factor)) continue;
    groups.set(slot, [...(groups.get(slot) ?? []), factor]);
  }
  const lines: CategoryLine[] = [];
  for (const rows of groups.values()) {
    const first = rows[0];
    if (first === undefined) continue;
    const parent = PARENTS[first.category];
    if (parent === undefined) {
      throw new Error(`factor ${first.key}: no parent category for "${first.category}"`);
    }
    const code = codes.has(first.key) ? `${first.key}_scope${first.scope}` : first.key;
    if (codes.has(code)) throw new Error(`generated category code ${code} is taken`);
    codes.add(code);
    lines.push({
      level: "subcategory",
      code,
      parent,
      scope: first.scope,
      name: nameOf(rows),
      defaultUnit: defaultUnitOf(rows),
      factorKey: first.key,
      marketFactorKey: "",
    });
  }
  return lines;
}

/** The default unit of a key's rows: that of its latest year's first row. */
export function defaultUnitOf(rows: readonly EmissionFactor[]): string {
  const latest = Math.max(...rows.map((r) => r.year));
  return (rows.find((r) => r.year === latest) ?? rows[0])?.unit ?? "";
}

/** A readable name for a key's rows: its first row's description, cleaned, and its countries. */
export function nameOf(rows: readonly EmissionFactor[]): string {
  const first = rows[0];
  if (first === undefined) return "";
  const countries = [...new Set(rows.map((r) => r.country).filter((c) => c !== null))];
  const where = countries.length > 0 && countries.length <= 3 ? ` (${countries.join(", ")})` : "";
  return `${describe(first)}${where}`;
}

function describe(row: EmissionFactor): string {
  const text = row.description.trim();
  const gas = /^GWP-100 \(IPCC AR\d\) of (.+), kg CO2e per kg released$/.exec(text);
  if (gas?.[1] !== undefined) return `${gas[1]} leakage`;
  const naics = /^(.+) \(NAICS \d{4} (\d{6}); [^)]*\): /.exec(text);
  if (naics?.[1] !== undefined) return `Spend: ${naics[1]} (NAICS ${naics[2]}, 2022 USD)`;
  const ratio = /^(.+): spend-based ratio/.exec(text);
  if (ratio?.[1] !== undefined) return `Spend: ${ratio[1]} (ratio monétaire, k€ excl. VAT)`;
  if (row.subcategory.startsWith("District heat network: ")) {
    return `District heat network, ${row.subcategory.slice("District heat network: ".length)}`;
  }
  if (row.subcategory.startsWith("District cooling network: ")) {
    return `District cooling network, ${row.subcategory.slice("District cooling network: ".length)}`;
  }
  const desnz = /^(.+?); per [^;]+; DESNZ \d{4}$/.exec(text);
  if (desnz?.[1] !== undefined) return desnzPath(desnz[1]);
  const ademeWaste = /^(.+?) - Impacts \(France\)/.exec(text);
  if (ademeWaste?.[1] !== undefined) {
    // "Material | Route", or the route alone with "Route | Family | Material" as subcategory.
    if (ademeWaste[1].includes(" | ")) return ademeWaste[1].replaceAll(" | ", ", ");
    const material = row.subcategory.split(" | ").slice(1).join(", ");
    return `${material}, ${ademeWaste[1].toLowerCase()}`;
  }
  return text
    .replace(/ \((France|Spain)\)/, "")
    .replace(/ \(EPA WARM-based; excludes avoided emissions\)/, "")
    .replace(/[,:] per [^;]*$/, "")
    .replace(/;.*$/, "")
    .replace(/, per .*$/, "")
    .trim();
}

/** `Freighting goods > HGV (all diesel) > Rigid > Average laden` -> the levels after the sheet. */
function desnzPath(path: string): string {
  const levels = path.split(" > ").map((level) => level.trim());
  const [sheet = "", ...rest] = levels;
  const kept = sheet.startsWith("WTT") ? [sheet, ...rest] : rest;
  const distinct = kept.filter((level, i) => i === 0 || level !== kept[i - 1]);
  return distinct.join(", ");
}

const HEADER = "level,code,parent,scope,name,default_unit,factor_key,market_factor_key";

/** The lines as CSV (RFC 4180 quoting), with the categories.csv header. */
export function categoryLinesCsv(lines: readonly CategoryLine[]): string {
  const quote = (value: string): string =>
    /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  const body = lines.map((l) =>
    [
      l.level,
      l.code,
      l.parent,
      String(l.scope),
      l.name,
      l.defaultUnit,
      l.factorKey,
      l.marketFactorKey,
    ]
      .map(quote)
      .join(","),
  );
  return `${[HEADER, ...body].join("\n")}\n`;
}
