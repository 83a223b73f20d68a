import { describe, expect, it } from "vitest";
import { CarbonError } from "../../../src/core/errors.js";
import {
  periodDays,
  prorate,
  utcYear,
  windowShare,
  yearParts,
} from "../../../src/engine/proration.js";

describe("periodDays", () => {
  it.each([
    // a January bill: 1..31 inclusive
    ["2024-01-01", "2024-01-31", 31],
    ["2024-01-01T00:00:00.000Z", "2024-01-31T00:00:00.000Z", 31],
    // leap February
    ["2024-02-01", "2024-02-29", 29],
    ["2023-02-01", "2023-02-28", 28],
    // one day
    ["2024-03-10", "2024-03-10", 1],
    // the UTC day counts, whatever the time: 2024-01-01T23:30+00 .. 2024-01-02T00:10Z = 2 days
    ["2024-01-01T23:30:00Z", "2024-01-02T00:10:00Z", 2],
    // an offset moves the UTC day: 2024-01-02T01:00+02:00 is 2024-01-01T23:00Z
    ["2024-01-02T01:00:00+02:00", "2024-01-02T12:00:00Z", 2],
    // Dec 15..31 = 17 days + Jan 1..14 = 14 days
    ["2023-12-15", "2024-01-14", 31],
    ["2024-01-01", "2024-12-31", 366],
  ])("%s .. %s = %d days", (start, end, days) => {
    expect(periodDays(start, end)).toBe(days);
  });

  it.each([
    ["2024-02-01", "2024-01-31", "endDate 2024-01-31 is before startDate 2024-02-01"],
    ["2024-02-30", "2024-03-01", 'startDate: expected an ISO 8601 date, got "2024-02-30"'],
    ["2024-01-01", "31/01/2024", 'endDate: expected an ISO 8601 date, got "31/01/2024"'],
  ])("rejects %s .. %s", (start, end, message) => {
    expect(() => periodDays(start, end)).toThrow(message);
    expect(() => periodDays(start, end)).toThrow(CarbonError);
  });
});

describe("utcYear", () => {
  it.each([
    ["2024-12-31T23:59:59.999Z", 2024],
    ["2025-01-01T00:30:00+01:00", 2024],
    ["2025-01-01", 2025],
  ])("%s is in %d", (date, year) => {
    expect(utcYear(date)).toBe(year);
  });
});

describe("prorate", () => {
  it.each([
    // Jan 15..31 = 17 days, Feb 1..14 = 14 days; 31 in all
    [
      "2024-01-15",
      "2024-02-14",
      "month",
      [
        ["2024-01", 17 / 31],
        ["2024-02", 14 / 31],
      ],
    ],
    // one month
    ["2024-01-01T00:00:00.000Z", "2024-01-31T00:00:00.000Z", "month", [["2024-01", 1]]],
    // a bill across new year: Dec 15..31 = 17 days, Jan 1..14 = 14 days
    [
      "2023-12-15",
      "2024-01-14",
      "month",
      [
        ["2023-12", 17 / 31],
        ["2024-01", 14 / 31],
      ],
    ],
    [
      "2023-12-15",
      "2024-01-14",
      "year",
      [
        ["2023", 17 / 31],
        ["2024", 14 / 31],
      ],
    ],
    // Nov 30 (1 day) + Dec (31) + Jan 1 (1) = 33 days
    [
      "2023-11-30",
      "2024-01-01",
      "month",
      [
        ["2023-11", 1 / 33],
        ["2023-12", 31 / 33],
        ["2024-01", 1 / 33],
      ],
    ],
    ["2024-03-01", "2024-11-30", "year", [["2024", 1]]],
  ] as const)("%s .. %s by %s", (start, end, granularity, expected) => {
    const shares = prorate(start, end, granularity);
    expect(shares.map((s) => s.period)).toEqual(expected.map(([period]) => period));
    shares.forEach((s, i) => {
      expect(s.share).toBeCloseTo(expected[i]?.[1] ?? Number.NaN, 12);
    });
    expect(shares.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 12);
  });

  it("splits a leap year by the days of each month", () => {
    const shares = prorate("2024-01-01", "2024-12-31", "month");
    expect(shares).toHaveLength(12);
    // February 2024: 29 of 366 days
    expect(shares[1]).toEqual({ period: "2024-02", share: 29 / 366 });
  });

  it.each([
    // Jan 15..Feb 14 (31 days) seen from February: Feb 1..14 = 14 days
    [{ from: "2024-02-01" }, [["2024-02", 14 / 31]]],
    // ... up to Jan 20: Jan 15..20 = 6 days
    [{ to: "2024-01-20" }, [["2024-01", 6 / 31]]],
    // Jan 25..Feb 4: 7 days of January + 4 of February
    [
      { from: "2024-01-25", to: "2024-02-04" },
      [
        ["2024-01", 7 / 31],
        ["2024-02", 4 / 31],
      ],
    ],
    // a window with date-times counts by UTC day
    [{ from: "2024-02-14T18:00:00Z" }, [["2024-02", 1 / 31]]],
    // no overlap
    [{ from: "2024-03-01" }, []],
    [{ from: "2024-02-10", to: "2024-02-01" }, []],
  ] as const)("clips Jan 15..Feb 14 to %j", (window, expected) => {
    const shares = prorate("2024-01-15", "2024-02-14", "month", window);
    expect(shares.map((s) => s.period)).toEqual(expected.map(([period]) => period));
    shares.forEach((s, i) => {
      expect(s.share).toBeCloseTo(expected[i]?.[1] ?? Number.NaN, 12);
    });
  });
});

describe("windowShare", () => {
  it.each([
    [undefined, 1],
    [{}, 1],
    // Feb 1..14 of a 31-day period
    [{ from: "2024-02-01" }, 14 / 31],
    [{ from: "2024-01-25", to: "2024-02-04" }, 11 / 31],
    [{ to: "2024-01-14" }, 0],
    [{ from: "2023-01-01", to: "2025-12-31" }, 1],
  ])("of Jan 15..Feb 14 in %j is %d", (window, share) => {
    expect(windowShare("2024-01-15", "2024-02-14", window)).toBeCloseTo(share, 12);
  });
});

describe("canonical stored dates", () => {
  it("count the same days as any other spelling of the same instant", () => {
    expect(periodDays("2024-01-01T00:00:00.000Z", "2024-01-31T23:59:59.999Z")).toBe(31);
    expect(periodDays("2024-01-01", "2024-01-31T23:59:59.999+00:00")).toBe(31);
    expect(periodDays("2024-02-01T00:00:00.000Z", "2024-02-29T00:00:00.000Z")).toBe(29);
    expect(utcYear("2023-12-31T23:59:59.999Z")).toBe(2023);
    // Read twice (the second time from the cache of parsed dates).
    expect(utcYear("2023-12-31T23:59:59.999Z")).toBe(2023);
  });

  it("still refuse impossible days in the canonical form", () => {
    for (let i = 0; i < 2; i += 1) {
      expect(() => periodDays("2024-02-30T00:00:00.000Z", "2024-03-01T00:00:00.000Z")).toThrow(
        CarbonError,
      );
      expect(() => utcYear("2023-13-01T00:00:00.000Z")).toThrow(/expected an ISO 8601 date/);
    }
  });
});

describe("yearParts", () => {
  it("keeps a consumption within one year whole, its own dates and a share of 1", () => {
    const start = "2025-03-01T08:00:00.000Z";
    const end = "2025-03-31T00:00:00.000Z";
    expect(yearParts(start, end)).toEqual([
      { year: 2025, startDate: start, endDate: end, share: 1 },
    ]);
  });

  it("cuts at each 1 January, by UTC day, both ends included", () => {
    // 2024-12-15..2026-01-10: 17 days of 2024, 365 of 2025, 10 of 2026 = 392 days.
    const parts = yearParts("2024-12-15T00:00:00.000Z", "2026-01-10T00:00:00.000Z");
    expect(parts).toEqual([
      {
        year: 2024,
        startDate: "2024-12-15T00:00:00.000Z",
        endDate: "2024-12-31T00:00:00.000Z",
        share: 17 / 392,
      },
      {
        year: 2025,
        startDate: "2025-01-01T00:00:00.000Z",
        endDate: "2025-12-31T00:00:00.000Z",
        share: 365 / 392,
      },
      {
        year: 2026,
        startDate: "2026-01-01T00:00:00.000Z",
        endDate: "2026-01-10T00:00:00.000Z",
        share: 10 / 392,
      },
    ]);
    expect(periodDays("2024-12-15", "2026-01-10")).toBe(392);
  });

  it("gives the issue's bill one day of 2025 and 364 of 2026", () => {
    const parts = yearParts("2025-12-31T00:00:00.000Z", "2026-12-30T00:00:00.000Z");
    expect(parts.map((part) => [part.year, part.share])).toEqual([
      [2025, 1 / 365],
      [2026, 364 / 365],
    ]);
  });
});
