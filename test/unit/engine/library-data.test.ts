/**
 * What `npm run factors:generate` writes from the shipped data must be what is committed:
 * fixtures/factors/library-categories.csv (and the coverage table of docs/factor-library.md).
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { categoryTree, FLEET_SUBCATEGORIES } from "../../../src/backends/local/fixtures.js";
import { builtReleaseText, factorLibrary } from "../../../src/backends/local/library-files.js";
import {
  CURRENT_RELEASE,
  OPEN_SOURCES_RELEASE,
} from "../../../src/backends/local/library-releases.js";
import { parseFixtureCsv } from "../../../src/engine/fixture-csv.js";
import {
  categoryLinesCsv,
  generateLibraryCategories,
} from "../../../src/engine/library-categories.js";
import { factors, library, readFixture } from "./library.js";

describe("the current release's built file", () => {
  it("is what the build makes of the source files (npm run factors:generate)", () => {
    expect(readFixture(CURRENT_RELEASE.builtFile ?? "")).toBe(builtReleaseText(library));
  });

  it("reads back into the same factors, version and defaults", () => {
    const read = factorLibrary(CURRENT_RELEASE);
    expect(read.version).toBe(library.version);
    expect(read.factors).toEqual(library.factors);
    expect(read.globalDefaults).toEqual(library.globalDefaults);
  });
});

describe("fixtures/factors/library-categories.csv", () => {
  it("is what the generator makes of the current release (npm run factors:generate)", () => {
    const lines = generateLibraryCategories(factors, [...categoryTree(), ...FLEET_SUBCATEGORIES]);
    expect(readFixture("library-categories.csv")).toBe(categoryLinesCsv(lines));
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
