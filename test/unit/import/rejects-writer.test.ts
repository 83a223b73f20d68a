import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { formatCsvField, formatCsvRow, RejectsWriter } from "../../../src/import/rejects-writer.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("formatCsvField", () => {
  it.each([
    ["plain", ",", "plain"],
    ["", ",", ""],
    ["a,b", ",", '"a,b"'],
    ["a,b", ";", "a,b"],
    ["a;b", ";", '"a;b"'],
    ['12" pipe', ",", '"12"" pipe"'],
    ['"quoted"', ",", '"""quoted"""'],
    ["two\nlines", ",", '"two\nlines"'],
    ["cr\rhere", ",", '"cr\rhere"'],
    ["tab\there", "\t", '"tab\there"'],
    [" spaced ", ",", " spaced "],
  ])("%j with %j -> %j", (value, delimiter, expected) => {
    expect(formatCsvField(value, delimiter)).toBe(expected);
  });

  it("round-trips through a CSV parser", () => {
    const cells = ["a,b", 'say "hi"', "x\r\ny", "", "plain"];
    const text = formatCsvRow(cells, ",");
    expect(parse(text, { delimiter: "," })).toEqual([cells]);
  });
});

describe("RejectsWriter", () => {
  it("writes the original columns plus _line,_column,_error, one row per bad record", async () => {
    const file = path.join(dir, "rejects.csv");
    const writer = new RejectsWriter({
      file,
      header: ["entityId", "quantity", "unit"],
      delimiter: ";",
      lineEnding: "\r\n",
    });
    await writer.write(
      3,
      ["INV;1", "12,5", "kWh"],
      [{ line: 3, column: "quantity", message: 'expected a number, got "12,5"' }],
    );
    await writer.write(
      7,
      ["INV-2", "-1", "kwhh"],
      [
        { line: 7, column: "quantity", message: "expected a quantity of 0 or more" },
        { line: 7, column: "unit", message: 'unknown unit "kwhh"' },
      ],
    );
    expect(fs.existsSync(file)).toBe(false);
    expect(await writer.finish()).toBe(true);
    expect(writer.rows).toBe(2);
    expect(fs.readFileSync(file, "utf8")).toBe(
      [
        "entityId;quantity;unit;_line;_column;_error",
        '"INV;1";12,5;kWh;3;quantity;"expected a number, got ""12,5"""',
        'INV-2;-1;kwhh;7;quantity|unit;"expected a quantity of 0 or more; unknown unit ""kwhh"""',
        "",
      ].join("\r\n"),
    );
    expect(fs.readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("drops _line,_column,_error of a re-imported rejects file and fits rows to the header", async () => {
    const file = path.join(dir, "again.csv");
    const writer = new RejectsWriter({
      file,
      header: ["entityId", "quantity", "_line", "_column", "_error"],
      delimiter: ",",
      lineEnding: "\n",
    });
    await writer.write(2, ["A", "1", "9", "x", "old"], [{ line: 2, column: "", message: "bad" }]);
    await writer.write(3, ["B"], [{ line: 3, column: "", message: "short" }]);
    await writer.write(
      4,
      ["C", "2", "", "", "", "extra"],
      [{ line: 4, column: "", message: "long" }],
    );
    await writer.finish();
    expect(parse(fs.readFileSync(file, "utf8"))).toEqual([
      ["entityId", "quantity", "_line", "_column", "_error"],
      ["A", "1", "2", "", "bad"],
      ["B", "", "3", "", "short"],
      ["C", "2", "4", "", "long"],
    ]);
  });

  it("creates no file when nothing was rejected", async () => {
    const file = path.join(dir, "none.csv");
    const writer = new RejectsWriter({ file, header: ["a"], delimiter: ",", lineEnding: "\n" });
    expect(await writer.finish()).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("leaves nothing behind when discarded", async () => {
    const file = path.join(dir, "discarded.csv");
    const writer = new RejectsWriter({ file, header: ["a"], delimiter: ",", lineEnding: "\n" });
    await writer.write(2, ["x"], [{ line: 2, column: "a", message: "bad" }]);
    await writer.discard();
    await writer.discard();
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("discarded"))).toEqual([]);
  });

  it("turns an unwritable path into a usage error", async () => {
    const file = path.join(dir, "missing-folder", "rejects.csv");
    const writer = new RejectsWriter({ file, header: ["a"], delimiter: ",", lineEnding: "\n" });
    await expect(
      writer.write(2, ["x"], [{ line: 2, column: "a", message: "bad" }]),
    ).rejects.toMatchObject({
      code: "usage",
      message: expect.stringContaining(`cannot write rejects file ${file}`),
    });
  });
});
