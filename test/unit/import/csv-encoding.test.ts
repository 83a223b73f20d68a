import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type CsvRecord,
  type OpenCsvOptions,
  openCsvSource,
} from "../../../src/import/csv-source.js";
import { scanFile } from "../../../src/import/file-scan.js";
import { carbonError } from "../local/helpers.js";

// Encodings end to end through openCsvSource: UTF-8 checked over the whole file, Windows-1252
// and UTF-16 decoded, byte order marks obeyed, files that are not text refused.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-encoding-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MIB = 1 << 20;
let counter = 0;
function file(content: Buffer): string {
  counter += 1;
  const name = path.join(dir, `encoded-${counter}.csv`);
  fs.writeFileSync(name, content);
  return name;
}

async function read(name: string, options: OpenCsvOptions = {}): Promise<CsvRecord[]> {
  const source = await openCsvSource(name, options);
  const records: CsvRecord[] = [];
  for await (const batch of source.batches()) records.push(...batch);
  return records;
}

const text = [
  "entityId;building;quantity;unit",
  "FAC-1 nº1;Almacén Málaga;1.234,5;kWh",
  "FAC-2;Oficina Logroño;7,25;kWh",
  "FAC-3 “€”;Almacén Málaga;3;kWh",
].join("\r\n");
const cells = [
  ["entityId", "building", "quantity", "unit"],
  ["FAC-1 nº1", "Almacén Málaga", "1.234,5", "kWh"],
  ["FAC-2", "Oficina Logroño", "7,25", "kWh"],
  ["FAC-3 “€”", "Almacén Málaga", "3", "kWh"],
];

describe("a Windows-1252 file (a spreadsheet's plain CSV)", () => {
  const ansi = file(Buffer.from(latin1Bytes(text)));

  it("is refused as UTF-8, with the line of its first foreign byte", async () => {
    const error = await carbonError(openCsvSource(ansi));
    expect(error.code).toBe("validation");
    expect(error.message).toBe(
      `${ansi} is not UTF-8 text: line 2 has bytes that are not UTF-8 (a spreadsheet saved as "CSV" rather than "CSV UTF-8" is usually Windows-1252)`,
    );
    expect(error.hint).toContain("--encoding windows-1252");
  });

  it("reads right with --encoding windows-1252, split or parsed", async () => {
    const split = await read(ansi, { encoding: "windows-1252" });
    expect(split.map((r) => r.cells)).toEqual(cells);
    expect(await read(ansi, { encoding: "windows-1252", plain: false })).toEqual(split);
    const quoted = file(Buffer.from(latin1Bytes(`${text}\r\n"FAC-4";"Almacén ""Sur""";1;kWh`)));
    const parsed = await read(quoted, { encoding: "windows-1252" });
    expect(parsed.at(-1)?.cells).toEqual(["FAC-4", 'Almacén "Sur"', "1", "kWh"]);
  });
});

/** Windows-1252 bytes of a text whose characters all have a single-byte form there. */
function latin1Bytes(value: string): Uint8Array {
  const special: Record<string, number> = { "€": 0x80, "“": 0x93, "”": 0x94 };
  return Uint8Array.from([...value].map((ch) => special[ch] ?? ch.charCodeAt(0)));
}

describe("UTF-8 checked over the whole file", () => {
  it.each([
    ["é", 2],
    ["€", 3],
    ["😀", 4],
  ])("accepts %s cut by the scan's 1 MiB chunks at every place", async (char, size) => {
    for (let into = 1; into < size; into += 1) {
      const start = "h\n".padEnd(MIB - into, "a");
      const name = file(Buffer.from(`${start}${char}b\nz\n`));
      expect(await scanFile(name, { lineEnding: "\n", utf8: true })).toEqual({
        plain: true,
        notUtf8Line: undefined,
      });
    }
  });

  it("finds a foreign byte past the first chunk and names its line", async () => {
    const lines = ["entityId,building"];
    for (let i = 0; i < 60_000; i += 1) lines.push(`INV-${i},Édifice Zürich 東京 ${i % 7}`);
    const body = Buffer.from(`${lines.join("\n")}\n`);
    const bad = Buffer.concat([body, Buffer.from([0x41, 0xe9, 0x0a])]);
    expect(body.length).toBeGreaterThan(2 * MIB);
    const error = await carbonError(openCsvSource(file(bad)));
    expect(error.message).toContain("line 60002 has bytes that are not UTF-8");
  });

  it("refuses a sequence cut short by the end of the file", async () => {
    const name = file(Buffer.concat([Buffer.from("a,b\n1,"), Buffer.from("€").subarray(0, 2)]));
    const error = await carbonError(openCsvSource(name));
    expect(error.message).toContain("line 2 has bytes that are not UTF-8");
  });
});

describe("byte order marks", () => {
  const utf16 = (le: boolean): Buffer => {
    const body = Buffer.from(text, "utf16le");
    if (!le) body.swap16();
    return Buffer.concat([Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]), body]);
  };

  it("reads UTF-16LE (Excel's Unicode Text) and UTF-16BE without being told", async () => {
    const le = await openCsvSource(file(utf16(true)));
    expect(le.encoding).toBe("utf-16le");
    expect(le.plain).toBe(false);
    le.close();
    expect((await read(file(utf16(true)))).map((r) => r.cells)).toEqual(cells);
    expect((await read(file(utf16(false)))).map((r) => r.cells)).toEqual(cells);
  });

  it("refuses an --encoding that the mark contradicts (usage)", async () => {
    const name = file(utf16(true));
    const error = await carbonError(openCsvSource(name, { encoding: "windows-1252" }));
    expect(error.code).toBe("usage");
    expect(error.message).toBe(
      `${name} starts with a UTF-16LE byte order mark, but --encoding windows-1252 was given`,
    );
    const agreed = await read(name, { encoding: "utf-16le" });
    expect(agreed.map((r) => r.cells)).toEqual(cells);
  });
});

describe("files that are not text", () => {
  it("refuses a workbook before reading a record", async () => {
    const xlsx = file(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]));
    const error = await carbonError(openCsvSource(xlsx));
    expect(error.code).toBe("validation");
    expect(error.message).toBe(`${xlsx} is a zip archive (an Excel .xlsx workbook?), not CSV text`);
  });
});
