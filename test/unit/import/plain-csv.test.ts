import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type CsvRecord, openCsvSource } from "../../../src/import/csv-source.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function file(content: string): string {
  counter += 1;
  const name = path.join(dir, `plain-${counter}.csv`);
  fs.writeFileSync(name, content);
  return name;
}

async function read(
  name: string,
  plain?: boolean,
): Promise<{ plain: boolean; records: CsvRecord[] }> {
  const source = await openCsvSource(name, plain === undefined ? {} : { plain });
  const records: CsvRecord[] = [];
  for await (const batch of source.batches()) records.push(...batch);
  return { plain: source.plain, records };
}

/** Many rows with multi-byte characters, so records and UTF-8 sequences straddle read chunks. */
function bigFile(ending: string): string {
  const lines = ["entityId;building;quantity;unit"];
  for (let i = 0; i < 20_000; i += 1) {
    lines.push(`INV-${i};Édifice Zürich ñ 東京 ${i % 7};${i},5;kWh`);
    if (i % 997 === 0) lines.push(";;;");
    if (i % 1499 === 0) lines.push("");
  }
  return `\uFEFF${lines.join(ending)}${ending}`;
}

/** 100,000 cells: about ten times a read piece. */
function wideLine(): string {
  return Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(",");
}

describe("plain CSV files are split, with the records csv-parse gives", () => {
  it.each([
    ["LF", "a,b,c\n1,2,3\n4,5,6\n"],
    ["no final newline", "a,b,c\n1,2,3\n4,5,6"],
    ["CRLF", "a;b;c\r\n1;2;3\r\n\r\n4;5;6\r\n"],
    ["BOM", "\uFEFFa,b\n1,2\n"],
    ["blank and delimiter-only lines", "a,b\n\n1,2\n,,\n  \n3,4\n\n"],
    ["ragged rows", "a,b,c\n1,2\n1,2,3,4\n"],
    ["tabs and spaces kept in cells", "a\tb\n 1 \t x y \n"],
    ["big LF file", bigFile("\n")],
    ["big CRLF file", bigFile("\r\n")],
    ["a BOM and a header longer than many read pieces", `\uFEFF${wideLine()}\n1,2\n`],
    ["a last line longer than many read pieces, no final newline", `a,b\n${wideLine()}`],
  ])("%s", async (_name, content) => {
    const name = file(content);
    const split = await read(name);
    const parsed = await read(name, false);
    expect(split.plain).toBe(true);
    expect(parsed.plain).toBe(false);
    expect(split.records).toEqual(parsed.records);
    expect(split.records.length).toBeGreaterThan(1);
  });

  it.each([
    ["a quote anywhere", 'a,b\n1,"2"\n'],
    ["a carriage return inside an LF file", "a,b\n1,2\r3\n"],
    ["a lone carriage return in a CRLF file", "a,b\r\n1,2\r3\r\n"],
    ["old Mac line endings", "a,b\r1,2\r"],
  ])("%s goes to the parser", async (_name, content) => {
    const source = await openCsvSource(file(content));
    expect(source.plain).toBe(false);
    source.close();
  });

  it("numbers lines by the file, blank lines included", async () => {
    const { records } = await read(file("a,b\n\n1,2\n,\n , \n3,4\n"));
    expect(records.map((r) => r.line)).toEqual([1, 3, 6]);
  });
});
