import { describe, expect, it } from "vitest";
import {
  parseChoice,
  parseChoices,
  parseCountry,
  parseInteger,
  parseNumber,
  parsePaging,
  parseUuid,
  parseYear,
} from "../../src/cli/flags.js";
import { CarbonError } from "../../src/core/errors.js";

function usageMessage(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof CarbonError && error.code === "usage") return error.message;
    throw error;
  }
  throw new Error("expected a usage error");
}

describe("flag values", () => {
  it.each([
    ["2024", 2024],
    [" 1990 ", 1990],
    ["2100", 2100],
  ])("year %j", (text, expected) => {
    expect(parseYear("--year", text)).toBe(expected);
  });

  it.each(["20x4", "24", "1989", "2101", "2024.5", ""])("bad year %j", (text) => {
    expect(usageMessage(() => parseYear("--year", text))).toBe(
      `invalid --year "${text}": expected a year such as 2024`,
    );
  });

  it.each([
    ["1", 1],
    ["500", 500],
  ])("limit %j", (text, expected) => {
    expect(parseInteger("--limit", text, { min: 1, max: 500 })).toBe(expected);
  });

  it.each(["0", "501", "-1", "1.5", "ten"])("bad limit %j", (text) => {
    expect(usageMessage(() => parseInteger("--limit", text, { min: 1, max: 500 }))).toBe(
      `invalid --limit "${text}": expected a whole number from 1 to 500`,
    );
  });

  it.each([
    ["0.233", 0.233],
    ["1e-3", 0.001],
    ["0", 0],
    ["12", 12],
  ])("number %j", (text, expected) => {
    expect(parseNumber("--co2e", text, 0)).toBe(expected);
  });

  it.each([
    ["12,5", 'invalid --co2e "12,5": expected a number of at least 0 (use a dot for decimals)'],
    ["-1", 'invalid --co2e "-1": expected a number of at least 0'],
    ["abc", 'invalid --co2e "abc": expected a number of at least 0'],
    ["", 'invalid --co2e "": expected a number of at least 0'],
    ["Infinity", 'invalid --co2e "Infinity": expected a number of at least 0'],
  ])("bad number %j", (text, message) => {
    expect(usageMessage(() => parseNumber("--co2e", text, 0))).toBe(message);
  });

  it.each([
    ["es", "ES"],
    ["GB", "GB"],
    ["us-camx", "US-CAMX"],
  ])("country %j", (text, expected) => {
    expect(parseCountry("--country", text)).toBe(expected);
  });

  it.each(["Spain", "E", "12"])("bad country %j", (text) => {
    expect(usageMessage(() => parseCountry("--country", text))).toMatch(
      /^invalid --country ".*": expected an ISO 3166 country code/,
    );
  });

  it("uuid is lower-cased; a non-uuid is a usage error", () => {
    expect(parseUuid("--id", "3F1C2A4E-8B7D-4C6A-9E5F-1A2B3C4D5E6F")).toBe(
      "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
    );
    expect(usageMessage(() => parseUuid("--company", "acme"))).toMatch(
      /^invalid --company "acme": expected a UUID/,
    );
  });

  it("choice", () => {
    expect(parseChoice("--level", "scope", ["scope", "category"])).toBe("scope");
    expect(usageMessage(() => parseChoice("--level", "leaf", ["scope", "category"]))).toBe(
      'invalid --level "leaf": expected one of scope, category',
    );
  });

  it("a list of choices: repeated or comma-separated, each once in the choices' order", () => {
    const routes = ["landfill", "recycling", "composting"];
    expect(parseChoices("--treatment", ["composting, landfill", "composting"], routes)).toEqual([
      "landfill",
      "composting",
    ]);
    expect(usageMessage(() => parseChoices("--treatment", ["landfill,dumping"], routes))).toBe(
      'invalid --treatment "dumping": expected one of landfill, recycling, composting',
    );
    expect(usageMessage(() => parseChoices("--treatment", [" , "], routes))).toBe(
      'invalid --treatment " , ": expected one or more of landfill, recycling, composting',
    );
  });

  it("paging: --all excludes --page", () => {
    expect(parsePaging({ page: "2", limit: "10" })).toEqual({ page: 2, limit: 10, all: false });
    expect(parsePaging({ all: true })).toEqual({ page: undefined, limit: undefined, all: true });
    expect(usageMessage(() => parsePaging({ all: true, page: "2" }))).toBe(
      "--all and --page cannot be used together",
    );
  });
});
