/**
 * Writes what is generated from the shipped factor data (built in dist/): the current release's
 * built file (fixtures/factors/releases/), the subcategories of
 * fixtures/factors/library-categories.csv, the fuels' well-to-tank subcategories and rules
 * (fixtures/factors/wtt-categories.csv, wtt-lines.csv) and the coverage table of
 * docs/factor-library.md.
 * Tests fail when any is out of step with the data (test/unit/engine/library-data.test.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import {
  categoryTree,
  FLEET_SUBCATEGORIES,
  libraryCategories,
} from "../dist/backends/local/fixtures.js";
import { coverageTable, withCoverageTable } from "../dist/engine/coverage.js";
import {
  DERIVED_LINES_FILE,
  derivationRulesCsv,
  parseDerivationRules,
  WTT_LINES_FILE,
} from "../dist/engine/derived-lines.js";
import { categoryLinesCsv, generateLibraryCategories } from "../dist/engine/library-categories.js";
import { generateWttLines } from "../dist/engine/wtt-categories.js";
import { readFixture } from "../dist/shipped/fixture-files.js";
import { buildRelease, builtReleaseText } from "../dist/shipped/library-files.js";
import { CURRENT_RELEASE } from "../dist/shipped/library-releases.js";

const library = buildRelease(CURRENT_RELEASE);
const built = new URL(`../fixtures/factors/${CURRENT_RELEASE.builtFile}`, import.meta.url);
mkdirSync(new URL(".", built), { recursive: true });
writeFileSync(built, builtReleaseText(library));
console.log(`${CURRENT_RELEASE.builtFile}: ${library.factors.length} factors, ${library.version}`);

const lines = generateLibraryCategories(library.factors, [
  ...categoryTree(),
  ...FLEET_SUBCATEGORIES,
]);
writeFileSync(
  new URL("../fixtures/factors/library-categories.csv", import.meta.url),
  categoryLinesCsv(lines),
);
console.log(`library-categories.csv: ${lines.length} subcategories`);

const wtt = generateWttLines(
  library.factors,
  [...categoryTree(), ...FLEET_SUBCATEGORIES, ...libraryCategories()],
  parseDerivationRules(readFixture(DERIVED_LINES_FILE)),
);
writeFileSync(
  new URL("../fixtures/factors/wtt-categories.csv", import.meta.url),
  categoryLinesCsv(wtt.categories),
);
writeFileSync(
  new URL(`../fixtures/factors/${WTT_LINES_FILE}`, import.meta.url),
  derivationRulesCsv(wtt.rules),
);
console.log(
  `wtt-categories.csv: ${wtt.categories.length} subcategories; ${WTT_LINES_FILE}: ${wtt.rules.length} rules`,
);

const doc = new URL("../docs/factor-library.md", import.meta.url);
const table = coverageTable(library.factors, library.proxies);
writeFileSync(doc, withCoverageTable(readFileSync(doc, "utf8"), table));
console.log("docs/factor-library.md: coverage table");
