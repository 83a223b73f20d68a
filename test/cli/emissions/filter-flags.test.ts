import { describe, expect, it } from "vitest";
import {
  parseDate,
  parseEmissionFilter,
  parseGroupBy,
  parsePeriod,
  parseScopes,
  parseYearPeriod,
} from "../../../src/cli/commands/emissions/filter-flags.js";
import { idResolver } from "../../../src/cli/id-resolver.js";

const COMPANY = "3F1C2A4E-8B7D-4C6A-9E5F-1A2B3C4D5E6F";
/** Ids need no service: a lookup here would be a bug. */
const ids = idResolver(() => Promise.reject(new Error("a UUID was looked up")));

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

  it("builds the filter, lower-casing ids", async () => {
    expect(
      await parsePeriod({ company: COMPANY, from: "2024-01-01", to: "2024-06-30" }, ids),
    ).toEqual({
      companyId: COMPANY.toLowerCase(),
      from: "2024-01-01",
      to: "2024-06-30",
    });
  });

  it("refuses --from after --to before looking any name up", async () => {
    await expect(
      parsePeriod({ company: "Acme", from: "2024-06-01", to: "2024-05-31" }, ids),
    ).rejects.toThrow(
      expect.objectContaining({
        code: "usage",
        message: "--from 2024-06-01 is after --to 2024-05-31",
      }),
    );
  });

  it("refuses an empty company", async () => {
    await expect(parsePeriod({ company: " " }, ids)).rejects.toThrow(
      expect.objectContaining({
        code: "usage",
        message: 'invalid --company " ": expected a company id or name',
      }),
    );
  });

  it("turns --year into the calendar year", async () => {
    expect(await parseYearPeriod({ year: "2024", company: COMPANY }, ids)).toEqual({
      year: 2024,
      period: { companyId: COMPANY.toLowerCase(), from: "2024-01-01", to: "2024-12-31" },
    });
    expect(await parseYearPeriod({}, ids)).toEqual({ year: undefined, period: {} });
  });

  it("refuses a bad --year", async () => {
    await expect(parseYearPeriod({ year: "20x4" }, ids)).rejects.toThrow(
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

  it("is part of the emission filter", async () => {
    expect(await parseEmissionFilter({ scope: "2", to: "2024-01-31" }, ids)).toEqual({
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
