import { describe, expect, it } from "vitest";
import { parseDecimal } from "../../../src/import/numbers.js";

describe("parseDecimal without --decimal-comma", () => {
  it.each([
    ["1234.5", 1234.5],
    ["  42 ", 42],
    ["0", 0],
    ["-0", 0],
    ["-3", -3],
    ["+7.25", 7.25],
    [".5", 0.5],
    ["5.", 5],
    ["1e3", 1000],
    ["2.5E-2", 0.025],
    ["0.1", 0.1],
    ["123456789.12345679", 123456789.12345679],
  ])("reads %j as %d", (text, expected) => {
    expect(parseDecimal(text, false)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["12,5", 'expected a number, got "12,5" (use --decimal-comma for decimal commas)'],
    ["1,234.5", 'expected a number, got "1,234.5" (use --decimal-comma for decimal commas)'],
    ["", "expected a number, got an empty cell"],
    ["   ", "expected a number, got an empty cell"],
    ["abc", 'expected a number, got "abc"'],
    ["12 kWh", 'expected a number, got "12 kWh"'],
    ["NaN", 'expected a number, got "NaN"'],
    ["Infinity", 'expected a number, got "Infinity"'],
    ["0x10", 'expected a number, got "0x10"'],
    ["1e400", 'expected a finite number, got "1e400"'],
    ["1.2.3", 'expected a number, got "1.2.3"'],
  ])("rejects %j", (text, message) => {
    expect(parseDecimal(text, false)).toEqual({ ok: false, message });
  });
});

describe("parseDecimal with --decimal-comma", () => {
  it.each([
    ["1.234,56", 1234.56],
    ["1234,56", 1234.56],
    ["12,5", 12.5],
    ["1.234", 1234],
    ["12.345.678,9", 12345678.9],
    ["987", 987],
    ["-4,25", -4.25],
    ["0,001", 0.001],
  ])("reads %j as %d", (text, expected) => {
    expect(parseDecimal(text, true)).toEqual({ ok: true, value: expected });
  });

  it.each(["12.5", "1.23,4", "1,234.5", "1,2,3", "1.2345,6", ",5", "abc"])("rejects %j", (text) => {
    expect(parseDecimal(text, true)).toEqual({
      ok: false,
      message: `expected a number with a decimal comma such as 1.234,56, got "${text}"`,
    });
  });

  it("still reports empty cells as empty", () => {
    expect(parseDecimal("", true)).toEqual({
      ok: false,
      message: "expected a number, got an empty cell",
    });
  });
});
