/**
 * What `npm run factors:generate` writes from the shipped data must be what is committed:
 * fixtures/factors/library-categories.csv, wtt-categories.csv and wtt-lines.csv (and the coverage
 * table of docs/factor-library.md).
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { coverageTable, withCoverageTable } from "../../../src/engine/coverage.js";
import {
  derivationRulesCsv,
  parseDerivationRules,
  WTT_LINES_FILE,
} from "../../../src/engine/derived-lines.js";
import { parseFixtureCsv } from "../../../src/engine/fixture-csv.js";
import {
  categoryLinesCsv,
  generateLibraryCategories,
} from "../../../src/engine/library-categories.js";
import { generateWttLines } from "../../../src/engine/wtt-categories.js";
import {
  categoryTree,
  FLEET_SUBCATEGORIES,
  libraryCategories,
} from "../../../src/shipped/categories.js";
import { builtReleaseText, factorLibrary } from "../../../src/shipped/library-files.js";
import { CURRENT_RELEASE, OPEN_SOURCES_RELEASE } from "../../../src/shipped/library-releases.js";
import { factors, factorsDir, library, readFixture } from "./library.js";

describe("the current release's built file", () => {
  it("is what the build makes of the source files (npm run factors:generate)", () => {
    expect(readFixture(CURRENT_RELEASE.builtFile ?? "")).toBe(builtReleaseText(library));
  });

  it("reads back into the same factors, version and proxy designations", () => {
    const read = factorLibrary(CURRENT_RELEASE);
    expect(read.version).toBe(library.version);
    expect(read.factors).toEqual(library.factors);
    expect(read.proxies).toEqual(library.proxies);
  });
});

describe("fixtures/factors/library-categories.csv", () => {
  it("is what the generator makes of the current release (npm run factors:generate)", () => {
    const lines = generateLibraryCategories(factors, [...categoryTree(), ...FLEET_SUBCATEGORIES]);
    expect(readFixture("library-categories.csv")).toBe(categoryLinesCsv(lines));
  });
});

describe("fixtures/factors/wtt-categories.csv and wtt-lines.csv", () => {
  const wtt = generateWttLines(
    factors,
    [...categoryTree(), ...FLEET_SUBCATEGORIES, ...libraryCategories()],
    parseDerivationRules(readFixture("derived-lines.csv")),
  );

  it("are what the generator makes of the current release and tree (npm run factors:generate)", () => {
    expect(readFixture("wtt-categories.csv")).toBe(categoryLinesCsv(wtt.categories));
    expect(readFixture(WTT_LINES_FILE)).toBe(derivationRulesCsv(wtt.rules));
    expect(parseDerivationRules(readFixture(WTT_LINES_FILE), WTT_LINES_FILE).all).toEqual(
      wtt.rules,
    );
  });

  it("take no code of the tree, and leave its codes and order as they are", () => {
    const before = [...categoryTree(), ...FLEET_SUBCATEGORIES, ...libraryCategories()];
    const taken = new Set(before.map((c) => c.code));
    expect(wtt.categories.filter((c) => taken.has(c.code))).toEqual([]);
    expect(new Set(wtt.categories.map((c) => c.code)).size).toBe(wtt.categories.length);
    // The rules' derived subcategories are generated ones; hand-made fuels keep derived-lines.csv's.
    const generated = new Set(wtt.categories.map((c) => c.code));
    expect(wtt.rules.filter((r) => !generated.has(r.derivedCategory))).toEqual([]);
    const hand = parseDerivationRules(readFixture("derived-lines.csv"));
    expect(wtt.rules.filter((r) => hand.of(r.category).length > 0)).toEqual([]);
  });
});

describe("the coverage table of docs/factor-library.md", () => {
  const page = fs.readFileSync(path.resolve(factorsDir, "../../docs/factor-library.md"), "utf8");

  it("is the table the shipped data gives (npm run factors:generate)", () => {
    const table = coverageTable(factors, library.proxies);
    expect(page).toBe(withCoverageTable(page, table));
  });

  it.each([
    // GB 2024 water: DESNZ 2024 'Water supply' (ID 17_404_4005_1); 2025 in the base file
    ["Water supply", "GB", "DESNZ 2024–2025"],
    // France prices heating oil as fioul domestique (ADEME element 14087 and its units)
    ["Heating oil", "FR", "ADEME Base Carbone 2025"],
    // Spain's heating oil is MITECO's gasóleo C, 2021-2024
    ["Heating oil", "ES", "MITECO 2021–2024"],
    // Germany has no water factor of its own: proxies.csv designates DESNZ (GB) water supply for
    // any country, a labelled proxy of the GB rows' years (DESNZ 2024 and 2025)
    ["Water supply", "DE", "proxy GB DESNZ 2024–2025"],
    // Germany has no district heat row, and heat has no designation on purpose (it depends on the
    // network): a dash, awaiting a factor
    ["District heat", "DE", "–"],
    // Portugal's natural gas: the GB DESNZ rows proxies.csv designates for any country, 2024
    // (DESNZ 2024 flat file) and 2025 (base file)
    ["Natural gas", "PT", "proxy GB DESNZ 2024–2025"],
  ])("%s in %s: %s", (activity, country, text) => {
    const cells = (start: string) =>
      (page.split("\n").find((line) => line.startsWith(start)) ?? "")
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
    const column = cells("| activity |").indexOf(country);
    expect(cells(`| ${activity} |`)[column]).toBe(text);
  });
});

describe("parseFixtureCsv", () => {
  it.each([
    ...OPEN_SOURCES_RELEASE.factorFiles,
    "categories.csv",
    "library-categories.csv",
    "units.csv",
    "global-defaults.csv",
  ])("reads %s as csv-parse does", (file) => {
    const text = readFixture(file);
    expect(parseFixtureCsv(text, file)).toEqual(
      parse(text, { columns: true, bom: true, skip_empty_lines: true }),
    );
  });

  it.each([
    ['a,b\n"1,2\n', /a quoted field is not closed/],
    ['a,b\n1"x,2\n', /a quote inside an unquoted field/],
    ['a,b\n"1"x,2\n', /unexpected text after a quoted field/],
    ["a,b\n1,2,3\n", /line 2: 3 fields, the header has 2/],
  ])("refuses %j", (text, message) => {
    expect(() => parseFixtureCsv(text, "bad.csv")).toThrow(message);
  });

  it('reads quotes doubled inside quotes, CRLF, a BOM and a last line without "\\n"', () => {
    expect(parseFixtureCsv('\uFEFFa,b\r\n"say ""hi""",\r\n\r\nx,"y\nz"', "t.csv")).toEqual([
      { a: 'say "hi"', b: "" },
      { a: "x", b: "y\nz" },
    ]);
  });
});
