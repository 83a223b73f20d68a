import { describe, expect, it } from "vitest";
import { createTestIo } from "../../../src/cli/io.js";
import {
  type Column,
  createRowWriter,
  type OutputFormat,
  renderList,
  renderObject,
} from "../../../src/cli/output/format.js";
import { fitColumnWidths } from "../../../src/cli/output/table.js";

interface Reading {
  readonly id: string;
  readonly note: string | null;
  readonly kg: number;
  readonly ok: boolean;
}

const columns: readonly Column<Reading>[] = [
  { header: "id", value: (row) => row.id },
  { header: "note", value: (row) => row.note },
  { header: "kg", value: (row) => row.kg },
  { header: "ok", value: (row) => row.ok },
];

const first: Reading = { id: "a", note: 'says "hi", then\nleaves', kg: 0.000123456789, ok: true };
const second: Reading = { id: "b", note: null, kg: 1234.56789, ok: false };
const rows: readonly Reading[] = [first, second];

describe("renderList", () => {
  it("tsv: header row, exact numbers, tabs and line breaks flattened", () => {
    const io = createTestIo();
    renderList(io, "tsv", rows, columns);
    expect(io.stdoutText()).toBe(
      'id\tnote\tkg\tok\na\tsays "hi", then leaves\t0.000123456789\ttrue\nb\t\t1234.56789\tfalse\n',
    );
  });

  it("csv: RFC 4180 quoting, CRLF, exact numbers", () => {
    const io = createTestIo();
    renderList(io, "csv", rows, columns);
    expect(io.stdoutText()).toBe(
      'id,note,kg,ok\r\na,"says ""hi"", then\nleaves",0.000123456789,true\r\nb,,1234.56789,false\r\n',
    );
  });

  it("csv/tsv: text starting like a formula gets a leading ', numbers and other text do not", () => {
    const risky: Reading[] = ["=1+1", "+1", "-1", "@A1", "\tx", "\rx", "a=1", "'q"].map(
      (note, index) => ({ id: String(index), note, kg: -5, ok: true }),
    );
    const csv = createTestIo();
    renderList(csv, "csv", risky, columns);
    expect(csv.stdoutText().split("\r\n").slice(1, -1)).toEqual([
      "0,'=1+1,-5,true",
      "1,'+1,-5,true",
      "2,'-1,-5,true",
      "3,'@A1,-5,true",
      "4,'\tx,-5,true",
      '5,"\'\rx",-5,true',
      "6,a=1,-5,true",
      "7,'q,-5,true",
    ]);
    const tsv = createTestIo();
    renderList(tsv, "tsv", risky, columns);
    expect(tsv.stdoutText().split("\n").slice(1, 6)).toEqual([
      "0\t'=1+1\t-5\ttrue",
      "1\t'+1\t-5\ttrue",
      "2\t'-1\t-5\ttrue",
      "3\t'@A1\t-5\ttrue",
      "4\t' x\t-5\ttrue",
    ]);
  });

  it("json: one pretty document with the raw items (all fields, unrounded)", () => {
    const io = createTestIo();
    renderList(io, "json", rows, columns.slice(0, 1));
    expect(JSON.parse(io.stdoutText())).toEqual(rows);
    expect(io.stdoutText()).toContain('\n  {\n    "id": "a"');
  });

  it("ndjson: one raw item per line; nothing for no rows", () => {
    const io = createTestIo();
    renderList(io, "ndjson", rows, columns);
    const lines = io.stdoutText().trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual(rows);
    const empty = createTestIo();
    renderList(empty, "ndjson", [], columns);
    expect(empty.stdoutText()).toBe("");
  });

  it("table: headers, rounded numbers for display, no colour codes", () => {
    const io = createTestIo({ stdoutIsTty: true, columns: 200 });
    renderList(io, "table", rows, columns);
    const text = io.stdoutText();
    expect(text).toMatch(/│ id\s+│ note/);
    expect(text).toContain("0.0001235");
    expect(text).toContain("1234.568");
    expect(text).not.toContain("0.000123456789");
    expect(text).not.toContain("\u001b[");
  });

  it("table: a list fits a narrow terminal, one line per row, long cells cut with …", () => {
    const io = createTestIo({ stdoutIsTty: true, columns: 40 });
    const long = [
      { id: "x".repeat(8), note: "y".repeat(60), kg: 1, ok: true },
      { id: "short", note: null, kg: 2, ok: false },
    ];
    renderList(io, "table", long, columns);
    const lines = io.stdoutText().trimEnd().split("\n");
    expect(lines).toHaveLength(6); // top rule, header, rule, 2 rows, bottom rule
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(40);
    expect(lines[3]).toContain("…");
    expect(lines[4]).toMatch(/│ short\s+│/);
  });

  it("table: a single object wraps long values instead of cutting them", () => {
    const io = createTestIo({ stdoutIsTty: true, columns: 40 });
    renderObject(io, "table", { id: "abc", note: "z".repeat(70), kg: 1, ok: true }, columns);
    const text = io.stdoutText();
    expect(text.match(/z/g)).toHaveLength(70);
    for (const line of text.trimEnd().split("\n")) expect([...line].length).toBeLessThanOrEqual(40);
  });
});

describe("fitColumnWidths", () => {
  it.each([
    [[10, 20], 80, undefined],
    [[6, 6, 300], 80, [6, 6, 64]],
    [[6, 30, 300], 60, [6, 25, 25]],
    [[40, 40], 20, [10, 10]],
  ])("%j in %i columns -> %j", (natural, terminal, expected) => {
    expect(fitColumnWidths(natural, terminal)).toEqual(expected);
  });
});

describe("renderObject", () => {
  const item = first;
  it.each<[OutputFormat, string]>([
    ["tsv", 'id\tnote\tkg\tok\na\tsays "hi", then leaves\t0.000123456789\ttrue\n'],
    ["csv", 'id,note,kg,ok\r\na,"says ""hi"", then\nleaves",0.000123456789,true\r\n'],
    ["ndjson", `${JSON.stringify(item)}\n`],
    ["json", `${JSON.stringify(item, null, 2)}\n`],
  ])("%s", (format, expected) => {
    const io = createTestIo();
    renderObject(io, format, item, columns);
    expect(io.stdoutText()).toBe(expected);
  });

  it("table: a vertical key/value table", () => {
    const io = createTestIo({ stdoutIsTty: true, columns: 120 });
    renderObject(io, "table", second, columns);
    const text = io.stdoutText();
    expect(text).toMatch(/│ id\s+│ b\s+│/);
    expect(text).toMatch(/│ kg\s+│ 1234.568\s+│/);
    expect(text).toMatch(/│ ok\s+│ false\s+│/);
  });
});

describe("createRowWriter", () => {
  async function written(format: OutputFormat, items: readonly Reading[]): Promise<string> {
    const io = createTestIo();
    const writer = createRowWriter(io, format, columns);
    for (const item of items) await writer.write(item);
    await writer.end();
    return io.stdoutText();
  }

  it("json streams a valid array, and [] when empty", async () => {
    const text = await written("json", rows);
    expect(text).toBe(`[\n${JSON.stringify(first)},\n${JSON.stringify(second)}\n]\n`);
    expect(JSON.parse(text)).toEqual(rows);
    expect(JSON.parse(await written("json", []))).toEqual([]);
  });

  it("csv/tsv/ndjson write the same bytes as renderList", async () => {
    for (const format of ["csv", "tsv", "ndjson"] as const) {
      const io = createTestIo();
      renderList(io, format, rows, columns);
      expect(await written(format, rows)).toBe(io.stdoutText());
    }
  });

  it("csv with no rows still prints the header", async () => {
    expect(await written("csv", [])).toBe("id,note,kg,ok\r\n");
  });

  it("keeps every row of a large export, in order", async () => {
    const many = Array.from({ length: 20_000 }, (_, index) => ({
      id: `r${index}`,
      note: null,
      kg: index / 3,
      ok: true,
    }));
    const lines = (await written("ndjson", many)).trimEnd().split("\n");
    expect(lines).toHaveLength(20_000);
    expect(JSON.parse(lines[19_999] ?? "")).toEqual(many[19_999]);
  });

  it("table collects the rows and prints them at the end", async () => {
    const text = await written("table", rows);
    expect(text).toMatch(/│ a\s+│/);
    expect(text).toMatch(/│ b\s+│/);
  });

  it("refuses a write after end()", async () => {
    const writer = createRowWriter(createTestIo(), "csv", columns);
    await writer.end();
    await expect(writer.write(first)).rejects.toThrow(/after end/);
  });
});
