import { categoryId } from "../core/ids.js";
import type { Category, CategoryLevel } from "../core/model/category.js";
import type { Scope } from "../core/model/common.js";
import { parseFixtureCsv } from "../engine/fixture-csv.js";
import { readFixture } from "./fixture-files.js";

/**
 * Vehicle categories of the spec. They classify fleet vehicles (scope 1 mobile combustion) and
 * have no factor, so they are stored at level `category` under `mobile_combustion`: they never
 * show up in `categories list --level subcategory` and cannot take consumptions.
 */
export const VEHICLE_CATEGORIES: readonly { readonly code: string; readonly name: string }[] = [
  { code: "LAND_TRANSPORTATION", name: "Vehicles: land transportation" },
  { code: "AIR_TRANSPORTATION", name: "Vehicles: air transportation" },
  { code: "MARITIME_TRANSPORTATION", name: "Vehicles: maritime transportation" },
  { code: "RAIL_TRANSPORTATION", name: "Vehicles: rail transportation" },
  { code: "FORESTRY_MACHINERY", name: "Vehicles: forestry machinery" },
  { code: "FARM_MACHINERY", name: "Vehicles: farm machinery" },
  { code: "INDUSTRIAL_MACHINERY", name: "Vehicles: industrial machinery" },
];

const VEHICLE_PARENT = "mobile_combustion";

function parseLevel(text: string, line: number): CategoryLevel {
  if (text === "scope" || text === "category" || text === "subcategory") return text;
  throw new Error(
    `category line ${line}, column level: expected scope, category or subcategory, got "${text}"`,
  );
}

function parseScope(text: string, line: number): Scope {
  const value = Number(text);
  if (value === 1 || value === 2 || value === 3) return value;
  throw new Error(`category line ${line}, column scope: expected 1, 2 or 3, got "${text}"`);
}

const orNull = (text: string | undefined): string | null => {
  const value = (text ?? "").trim();
  return value === "" ? null : value;
};

/** The categories of a file with the categories.csv header, in file order. */
function categoriesOf(file: string): Category[] {
  const rows = parseFixtureCsv(readFixture(file), file);
  return rows.map((row, index) => {
    const line = index + 2;
    const code = (row.code ?? "").trim();
    if (code === "") throw new Error(`${file} line ${line}: the code is empty`);
    const parent = orNull(row.parent);
    return {
      id: categoryId(code),
      level: parseLevel((row.level ?? "").trim(), line),
      code,
      name: (row.name ?? "").trim(),
      parentId: parent === null ? null : categoryId(parent),
      scope: parseScope((row.scope ?? "").trim(), line),
      defaultUnit: orNull(row.default_unit),
      factorKey: orNull(row.factor_key),
      marketFactorKey: orNull(row.market_factor_key),
    };
  });
}

/**
 * The subcategories generated from the factor library (library-categories.csv, written by
 * `npm run factors:generate`), added by migration 30 after every other category.
 */
export function libraryCategories(): Category[] {
  return categoriesOf("library-categories.csv");
}

/**
 * The scope 3 category 3 subcategories generated for the library's well-to-tank keys
 * (wtt-categories.csv, written by `npm run factors:generate`), added by migration 31 after every
 * other category.
 */
export function wttCategories(): Category[] {
  return categoriesOf("wtt-categories.csv");
}

/** The category tree in tree (file) order, the vehicle categories last. */
export function categoryTree(): Category[] {
  const result = categoriesOf("categories.csv");
  for (const vehicle of VEHICLE_CATEGORIES) {
    result.push({
      id: categoryId(vehicle.code),
      level: "category",
      code: vehicle.code,
      name: vehicle.name,
      parentId: categoryId(VEHICLE_PARENT),
      scope: 1,
      defaultUnit: null,
      factorKey: null,
      marketFactorKey: null,
    });
  }
  return result;
}

/**
 * Fleet subcategories beyond categories.csv (docs/vehicles.md), added by migration 15: a car's
 * LPG, a battery electric car's distance (the library's scope 2 "Company EV charging" row), and
 * the distance of vehicles the library has no scope 1 distance factor for (awaiting factor).
 */
export const FLEET_SUBCATEGORIES: readonly Category[] = [
  {
    code: "vehicle_lpg",
    parent: "mobile_combustion",
    scope: 1,
    name: "LPG (vehicles)",
    defaultUnit: "l",
    factorKey: "lpg",
  },
  {
    code: "vehicle_distance_bev",
    parent: "purchased_electricity",
    scope: 2,
    name: "Fleet car, battery electric, by distance (charging)",
    defaultUnit: "km",
    factorKey: "car_average_bev_km",
  },
  {
    code: "vehicle_distance_other",
    parent: "mobile_combustion",
    scope: 1,
    name: "Fleet vehicle by distance, no distance factor for its type and fuel",
    defaultUnit: "km",
    // A key of no library row: its consumptions await a factor until the library has one.
    factorKey: "vehicle_other_km",
  },
].map(
  (row): Category => ({
    id: categoryId(row.code),
    level: "subcategory",
    code: row.code,
    name: row.name,
    parentId: categoryId(row.parent),
    scope: row.scope === 2 ? 2 : 1,
    defaultUnit: row.defaultUnit,
    factorKey: row.factorKey,
    marketFactorKey: null,
  }),
);
