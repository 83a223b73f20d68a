import { describe, expect, it } from "vitest";
import {
  parseDate,
  parseEmissionFilter,
  parseGroupBy,
  parsePeriod,
  parseScopes,
  parseYearPeriod,
} from "../../../src/cli/commands/emissions/filter-flags.js";

const COMPANY = "3F1C2A4E-8B7D-4C6A-9E5F-1A2B3C4D5E6F";

describe("period flags", () => {
  it.each(["2024-01-31", "2024-02-29"])("accepts the date %s", (value) => {
    expect(parseDate("--from", value)).toBe(value);
  });

  it.each(["2024-13-01", "2023-02-29", "2024-1-5", "31/01/2024", "yesterday", ""])(
    "rejects %j as a usage error naming the flag",
    (value) => {
      expect(() => parseDate("--from", value)).toThrow(
        expect.objectContaining({
          code: "usage",
          message: `invalid --from "${value}": expected a date YYYY-MM-DD such as 2024-01-31`,
        }),
      );
    },
  );

  it("builds the filter, lower-casing ids", () => {
    expect(parsePeriod({ company: COMPANY, from: "2024-01-01", to: "2024-06-30" })).toEqual({
      companyId: COMPANY.toLowerCase(),
      from: "2024-01-01",
      to: "2024-06-30",
    });
  });

  it("refuses --from after --to", () => {
    expect(() => parsePeriod({ from: "2024-06-01", to: "2024-05-31" })).toThrow(
      expect.objectContaining({
        code: "usage",
        message: "--from 2024-06-01 is after --to 2024-05-31",
      }),
    );
  });

  it("refuses a company that is not a UUID", () => {
    expect(() => parsePeriod({ company: "acme" })).toThrow(
      expect.objectContaining({
        code: "usage",
        message: expect.stringContaining('--company "acme"'),
      }),
    );
  });

  it("turns --year into the calendar year", () => {
    expect(parseYearPeriod({ year: "2024", company: COMPANY })).toEqual({
      year: 2024,
      period: { companyId: COMPANY.toLowerCase(), from: "2024-01-01", to: "2024-12-31" },
    });
    expect(parseYearPeriod({})).toEqual({ year: undefined, period: {} });
  });

  it("refuses a bad --year", () => {
    expect(() => parseYearPeriod({ year: "20x4" })).toThrow(
      expect.objectContaining({
        code: "usage",
        message: 'invalid --year "20x4": expected a year such as 2024',
      }),
    );
  });
});

describe("--scope", () => {
  it.each([
    ["1", [1]],
    ["3,1", [1, 3]],
    ["1, 2,2", [1, 2]],
  ])("%j", (value, expected) => {
    expect(parseScopes(value)).toEqual(expected);
  });

  it.each(["4", "1,,2", "", "scope1"])("rejects %j", (value) => {
    expect(() => parseScopes(value)).toThrow(
      expect.objectContaining({
        code: "usage",
        message: expect.stringContaining(`--scope "${value}"`),
      }),
    );
  });

  it("is part of the emission filter", () => {
    expect(parseEmissionFilter({ scope: "2", to: "2024-01-31" })).toEqual({
      to: "2024-01-31",
      scopes: [2],
    });
  });
});

describe("--group-by", () => {
  it.each([
    ["month", ["month"]],
    ["month,scope,month", ["month", "scope"]],
    ["building, subcategory", ["building", "subcategory"]],
  ])("%j", (value, expected) => {
    expect(parseGroupBy(value)).toEqual(expected);
  });

  it("rejects an unknown key", () => {
    expect(() => parseGroupBy("month,quarter")).toThrow(
      expect.objectContaining({
        code: "usage",
        message: expect.stringContaining('"month,quarter"'),
      }),
    );
  });
});
