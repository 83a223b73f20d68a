/** Reading `glec submit` files: format detection and where a problem is. */
import { describe, expect, it } from "vitest";
import {
  arrayElementLines,
  detectFormat,
  readEntries,
  validateEntries,
} from "../../../src/import/glec-file.js";
import { shippedGlecFactors } from "../../../src/shipped/glec-factors.js";

describe("arrayElementLines", () => {
  it.each([
    ["[]", []],
    ['[{"a":1},{"b":2}]', [1, 1]],
    ['[\n  {"a": "x,]\\"{"},\n  {"b": [1,\n2]}\n, 3]', [2, 3, 5]],
    ['{"a": [1, 2]}', []],
  ])("%j -> %j", (text, lines) => {
    expect(arrayElementLines(text)).toEqual(lines);
  });
});

describe("detectFormat", () => {
  it.each([
    ["a.csv", "{", "csv"],
    ["a.ndjson", "[", "ndjson"],
    ["a.jsonl", "{}", "ndjson"],
    ["a.json", "{}\n{}", "json"],
    ["a.txt", "  [1]", "json"],
    ["a.txt", '{"a":1}', "json"],
    ["a.txt", '{"a":1}\n{"a":2}', "ndjson"],
    ["a.txt", "entryId,companyId", "csv"],
  ])("%s holding %j is %s", (file, text, format) => {
    expect(detectFormat(file, text)).toBe(format);
  });
});

describe("problems in a JSON array", () => {
  it("name the element's line and its path", () => {
    const text = '[\n  {"id": "not-a-uuid"},\n  {"id": "also bad"}\n]';
    const { entries } = readEntries("json", text);
    const { issues } = validateEntries(entries, shippedGlecFactors());
    expect(issues.filter((issue) => issue.path.endsWith(".id"))).toEqual([
      { path: "[0].id", line: 2, message: "expected a UUID" },
      { path: "[1].id", line: 3, message: "expected a UUID" },
    ]);
  });
});
