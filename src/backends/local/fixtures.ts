import { readFileSync } from "node:fs";
import { categoryId } from "../../core/ids.js";
import type { Category, CategoryLevel } from "../../core/model/category.js";
import type { Scope } from "../../core/model/common.js";
import type { EmissionFactor } from "../../core/model/factor.js";
import { type GlobalDefault, parseGlobalDefaults } from "../../engine/factor-index.js";
import { parseFixtureCsv } from "../../engine/fixture-csv.js";
import { type AccountedRow, buildLibrary } from "../../engine/library-build.js";
import { factorsFromCsvRows } from "../../engine/library-rows.js";
import { FIXTURES_DIR } from "./database.js";
import { CURRENT_RELEASE, type LibraryRelease, releaseDigest } from "./library-releases.js";

/** The shipped data the migrations load: fixtures/factors/*.csv of the package. */
export function readFixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES_DIR), "utf8");
}

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

export interface FactorLibrary {
  readonly release: LibraryRelease;
  readonly factors: readonly EmissionFactor[];
  readonly globalDefaults: readonly GlobalDefault[];
  /** The rows of the files that are not factors (folded, parameters, duplicates), and why. */
  readonly accounted: readonly AccountedRow[];
  /** `lib-` + the first 12 hex digits of the release's sha256 (`releaseDigest`). */
  readonly version: string;
}

/**
 * The factor library of a release: the base release's rows as the base file reads, any later
 * release's built from its files by library-build.ts.
 */
export function factorLibrary(release: LibraryRelease = CURRENT_RELEASE): FactorLibrary {
  // Shipped files do not change while a process runs: one build per release per process.
  const built = libraries.get(release);
  if (built !== undefined) return built;
  const library = readLibrary(release);
  libraries.set(release, library);
  return library;
}

const libraries = new Map<LibraryRelease, FactorLibrary>();

function readLibrary(release: LibraryRelease): FactorLibrary {
  const texts = release.factorFiles.map((file) => readFixture(file));
  const defaultsText = readFixture(release.defaultsFile);
  const version = `lib-${releaseDigest(texts, defaultsText, release.rules).slice(0, 12)}`;
  const globalDefaults = parseGlobalDefaults(defaultsText);
  if (release.rules === null) {
    return {
      release,
      factors: factorsFromCsvRows(parseFixtureCsv(texts[0] ?? "", release.factorFiles[0] ?? "")),
      globalDefaults,
      accounted: [],
      version,
    };
  }
  const built = buildLibrary(
    release.factorFiles.map((file, index) => ({
      file,
      rows: parseFixtureCsv(texts[index] ?? "", file),
    })),
  );
  return { release, ...built, globalDefaults, version };
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
