import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CarbonError } from "../../../src/core/errors.js";
import {
  type CsvRecord,
  CsvSyntaxError,
  detectDelimiter,
  openCsvSource,
  parseDelimiterOption,
  sampleHeader,
} from "../../../src/import/csv-source.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function file(content: string | Buffer): string {
  counter += 1;
  const name = path.join(dir, `input-${counter}.csv`);
  fs.writeFileSync(name, content);
  return name;
}

async function readAll(name: string, delimiter?: string): Promise<CsvRecord[]> {
  const source = await openCsvSource(name, delimiter === undefined ? {} : { delimiter });
  const records: CsvRecord[] = [];
  for await (const record of source.records()) records.push(record);
  return records;
}

describe("detectDelimiter", () => {
  it.each([
    ["category,startDate,endDate,quantity", ","],
    ["category;startDate;endDate;quantity", ";"],
    ["category\tstartDate\tendDate\tquantity", "\t"],
    ['"a;b",c,d', ","],
    ['"a,b,c";d;e', ";"],
    ["single", ","],
    ["a,b;c", ","],
  ])("%j -> %j", (line, expected) => {
    expect(detectDelimiter(line)).toBe(expected);
  });
});

describe("parseDelimiterOption", () => {
  it.each([
    [",", ","],
    [";", ";"],
    ["|", "|"],
    ["\\t", "\t"],
    ["tab", "\t"],
    ["TAB", "\t"],
    ["\t", "\t"],
  ])("%j -> %j", (text, expected) => {
    expect(parseDelimiterOption(text)).toBe(expected);
  });

  it.each(["", ";;", '"', "\n"])("refuses %j as a usage error", (text) => {
    let caught: unknown;
    try {
      parseDelimiterOption(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CarbonError);
    expect(caught).toMatchObject({ code: "usage" });
  });
});

describe("sampleHeader", () => {
  it.each([
    ["a,b\nc,d\n", "a,b", "\n"],
    ["a;b\r\nc;d\r\n", "a;b", "\r\n"],
    ["a;b\rc;d", "a;b", "\r"],
    ["\uFEFFa,b\n", "a,b", "\n"],
    ["\n\r\n  \na,b\n", "a,b", "\n"],
    ["a,b", "a,b", "\n"],
  ])("%j: header %j, line ending %j", (text, headerLine, lineEnding) => {
    expect(sampleHeader(text, true)).toEqual({ headerLine, lineEnding, empty: false });
  });

  it.each(["", "\uFEFF", " \n\r\n\t"])("%j is empty", (text) => {
    expect(sampleHeader(text, true).empty).toBe(true);
    expect(sampleHeader(text, false).empty).toBe(false);
  });
});

describe("openCsvSource", () => {
  it.each([
    [",", "a,b,c\n1,2,3\n"],
    [";", "a;b;c\n1;2;3\n"],
    ["\t", "a\tb\tc\n1\t2\t3\n"],
  ])("detects %j and reads the records with their lines", async (delimiter, content) => {
    const name = file(content);
    const source = await openCsvSource(name);
    expect(source.delimiter).toBe(delimiter);
    expect(await readAll(name)).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["1", "2", "3"] },
    ]);
  });

  it("skips a UTF-8 BOM and keeps CRLF out of the cells", async () => {
    const name = file(Buffer.from("\uFEFFquantity;unit\r\n1.234,5;kWh\r\n", "utf8"));
    const source = await openCsvSource(name);
    expect(source.delimiter).toBe(";");
    expect(source.lineEnding).toBe("\r\n");
    expect(await readAll(name)).toEqual([
      { line: 1, cells: ["quantity", "unit"] },
      { line: 2, cells: ["1.234,5", "kWh"] },
    ]);
  });

  it("numbers records by the line where they start, across blank lines and quoted line breaks", async () => {
    const content = [
      "a,b,c",
      "1,2,3",
      "",
      ",,",
      '4,"two\r\nline",6',
      '7,"three\nline\nnote",9',
      "  ",
      "10,11,12",
    ].join("\r\n");
    expect(await readAll(file(content))).toEqual([
      { line: 1, cells: ["a", "b", "c"] },
      { line: 2, cells: ["1", "2", "3"] },
      { line: 5, cells: ["4", "two\r\nline", "6"] },
      { line: 7, cells: ["7", "three\nline\nnote", "9"] },
      { line: 11, cells: ["10", "11", "12"] },
    ]);
  });

  it("passes rows with a wrong number of fields through (the importer reports them)", async () => {
    expect(await readAll(file("a,b\n1\n1,2,3\n"))).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1"] },
      { line: 3, cells: ["1", "2", "3"] },
    ]);
  });

  it("uses a forced delimiter", async () => {
    expect(await readAll(file("a|b,c\n1|2,3\n"), "|")).toEqual([
      { line: 1, cells: ["a", "b,c"] },
      { line: 2, cells: ["1", "2,3"] },
    ]);
  });

  it("keeps a stray quote inside an unquoted field", async () => {
    expect(await readAll(file('a,b\n12" pipe,2\n'))).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ['12" pipe', "2"] },
    ]);
  });

  it("ends with a CsvSyntaxError at the line where an unclosed quote starts", async () => {
    const name = file('a,b\n1,2\n3,"open\n4,5\n');
    const seen: CsvRecord[] = [];
    const failure = await (async () => {
      try {
        for await (const record of (await openCsvSource(name)).records()) seen.push(record);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(CsvSyntaxError);
    expect(failure).toMatchObject({ line: 3, message: expect.stringContaining("never closed") });
    expect(seen.map((record) => record.line)).toEqual([1, 2]);
  });

  it("reports progress in bytes", async () => {
    const content = "a,b\n1,2\n";
    const source = await openCsvSource(file(content));
    expect(source.totalBytes).toBe(content.length);
    for await (const _ of source.records()) {
      // drain
    }
    expect(source.bytesRead()).toBe(content.length);
  });

  it.each([
    ["an empty file", ""],
    ["a BOM only", "\uFEFF"],
    ["blank lines only", "\n \r\n"],
  ])("refuses %s as a validation error", async (_, content) => {
    await expect(openCsvSource(file(content))).rejects.toMatchObject({
      code: "validation",
      message: expect.stringContaining("is empty"),
    });
  });

  it("refuses a missing file and a directory as usage errors naming the path", async () => {
    const missing = path.join(dir, "nope.csv");
    await expect(openCsvSource(missing)).rejects.toMatchObject({
      code: "usage",
      message: `cannot read ${missing}: no such file`,
    });
    await expect(openCsvSource(dir)).rejects.toBeInstanceOf(CarbonError);
    await expect(openCsvSource(dir)).rejects.toMatchObject({ code: "usage" });
  });
});
