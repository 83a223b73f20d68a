import { describe, expect, it } from "vitest";
import { firstInvalidUtf8 } from "../../../src/core/utf8.js";
import {
  bomEncoding,
  checkIsText,
  completeUtf8Length,
  parseEncodingOption,
  utf8Text,
} from "../../../src/import/text-encoding.js";
import { carbonErrorSync } from "../local/helpers.js";

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

describe("parseEncodingOption", () => {
  it.each([
    ["utf-8", "utf-8"],
    ["UTF8", "utf-8"],
    ["windows-1252", "windows-1252"],
    ["cp1252", "windows-1252"],
    ["latin1", "windows-1252"],
    [" ISO-8859-1 ", "windows-1252"],
    ["utf-16le", "utf-16le"],
    ["UTF-16", "utf-16le"],
    ["utf-16be", "utf-16be"],
  ])("reads %s as %s", (text, encoding) => {
    expect(parseEncodingOption(text)).toBe(encoding);
  });

  it("refuses other names with the list (a usage error)", () => {
    const error = carbonErrorSync(() => parseEncodingOption("ebcdic"));
    expect(error.message).toBe(
      '--encoding expects utf-8, windows-1252 (also latin1), utf-16le or utf-16be, got "ebcdic"',
    );
    expect(error.code).toBe("usage");
  });
});

describe("bomEncoding", () => {
  it.each([
    [[0xef, 0xbb, 0xbf, 0x61], "utf-8"],
    [[0xff, 0xfe, 0x61, 0x00], "utf-16le"],
    [[0xfe, 0xff, 0x00, 0x61], "utf-16be"],
    [[0x61, 0x62], undefined],
    [[0xef, 0xbb], undefined],
    [[], undefined],
  ])("%j -> %s", (start, encoding) => {
    expect(bomEncoding(Uint8Array.from(start))).toBe(encoding);
  });
});

describe("checkIsText", () => {
  const saveAs = 'save it from the spreadsheet as "CSV UTF-8 (Comma delimited)"';
  it.each([
    [[0x50, 0x4b, 0x03, 0x04, 0x14], "is a zip archive (an Excel .xlsx workbook?)", saveAs],
    [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], "is an Excel .xls workbook", saveAs],
    [[0x1f, 0x8b, 0x08], "is gzip-compressed", "decompress it first (gunzip f.csv)"],
    [[0x25, 0x50, 0x44, 0x46, 0x2d, 0x31], "is a PDF document", saveAs],
    [
      [0x61, 0x00, 0x62, 0x00],
      "holds NUL bytes: it is binary, or UTF-16 text without a byte order mark",
      "--encoding utf-16le",
    ],
  ])("refuses %j as a validation error", (start, what, hint) => {
    for (const encoding of ["utf-8", "windows-1252"] as const) {
      const error = carbonErrorSync(() => checkIsText("f.csv", Uint8Array.from(start), encoding));
      expect(error.message).toBe(`f.csv ${what}, not CSV text`);
      expect(error.code).toBe("validation");
      expect(error.hint).toContain(hint);
    }
  });

  it("accepts text, and NUL bytes in UTF-16", () => {
    expect(() => checkIsText("f.csv", bytes(0x61, 0x3b, 0x62, 0x0a), "utf-8")).not.toThrow();
    expect(() => checkIsText("f.csv", bytes(0x61, 0x00, 0x3b, 0x00), "utf-16le")).not.toThrow();
    expect(() => checkIsText("f.csv", bytes(), "utf-8")).not.toThrow();
  });
});

describe("firstInvalidUtf8", () => {
  it.each([
    ["ASCII", [0x61, 0x62], -1],
    ["é ñ € 東 😀", [...Buffer.from("é ñ € 東 😀")], -1],
    ["Windows-1252 é", [0x61, 0xe9, 0x62], 1],
    ["a lone continuation byte", [0x61, 0x80], 1],
    ["an overlong two-byte form", [0xc0, 0xaf], 0],
    ["an overlong three-byte form", [0x61, 0xe0, 0x80, 0xaf], 1],
    ["a surrogate", [0xed, 0xa0, 0x80], 0],
    ["above U+10FFFF", [0xf4, 0x90, 0x80, 0x80], 0],
    ["a sequence cut short by the end", [0x61, 0x62, 0xe2, 0x82], 2],
    ["a sequence cut short by an ASCII byte", [0xe2, 0x82, 0x61], 0],
  ])("%s", (_name, values, at) => {
    expect(firstInvalidUtf8(Uint8Array.from(values))).toBe(at);
  });
});

describe("utf8Text (small files read whole)", () => {
  it("gives the text of UTF-8, byte order mark kept", () => {
    expect(utf8Text("f.json", Buffer.from('\uFEFF{"from": "A Coruña"}'))).toBe(
      '\uFEFF{"from": "A Coruña"}',
    );
  });

  it("refuses other bytes with the line of the first foreign one, and workbooks", () => {
    const latin1 = Buffer.from('{\n"from": "A Coru\xf1a"\n}', "latin1");
    const error = carbonErrorSync(() => utf8Text("f.json", latin1));
    expect(error.code).toBe("validation");
    expect(error.message).toContain("f.json is not UTF-8 text: line 2 has bytes");
    expect(
      carbonErrorSync(() => utf8Text("f.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04]))).message,
    ).toBe("f.csv is a zip archive (an Excel .xlsx workbook?), not CSV text");
  });
});

describe("completeUtf8Length", () => {
  const euro = [...Buffer.from("€")]; // e2 82 ac
  it.each([
    ["ends on ASCII", [0x61, 0x62], 2],
    ["ends on a whole sequence", [0x61, ...euro], 4],
    ["ends one byte into a sequence", [0x61, euro[0] ?? 0], 1],
    ["ends two bytes into a sequence", [0x61, euro[0] ?? 0, euro[1] ?? 0], 1],
    ["ends three bytes into a four-byte one", [0x61, 0xf0, 0x9f, 0x98], 1],
    ["is all continuation bytes", [0x80, 0x80, 0x80, 0x80], 4],
  ])("%s", (_name, values, length) => {
    expect(completeUtf8Length(Uint8Array.from(values), values.length)).toBe(length);
  });
});
