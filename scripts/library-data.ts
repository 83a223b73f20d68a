/**
 * Writes what is generated from the shipped factor data (built in dist/): the subcategories of
 * fixtures/factors/library-categories.csv and the coverage table of docs/factor-library.md.
 * Tests fail when either is out of step with the data (test/unit/engine/library-data.test.ts).
 */
import { writeFileSync } from "node:fs";
import {
  categoryTree,
  FLEET_SUBCATEGORIES,
  factorLibrary,
} from "../dist/backends/local/fixtures.js";
import { categoryLinesCsv, generateLibraryCategories } from "../dist/engine/library-categories.js";

const library = factorLibrary();
const lines = generateLibraryCategories(library.factors, [
  ...categoryTree(),
  ...FLEET_SUBCATEGORIES,
]);
writeFileSync(
  new URL("../fixtures/factors/library-categories.csv", import.meta.url),
  categoryLinesCsv(lines),
);
console.log(`fixtures/factors/library-categories.csv: ${lines.length} subcategories`);
