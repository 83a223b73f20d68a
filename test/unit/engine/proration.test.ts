import { describe, expect, it } from "vitest";
import { CarbonError } from "../../../src/core/errors.js";
import {
  partOf,
  periodDays,
  periodParts,
  prorate,
  utcYear,
  windowShare,
  yearParts,
} from "../../../src/engine/proration.js";
import { cutInside, stretchKey, validityCuts } from "../../../src/engine/validity-cuts.js";

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
      { year: 2025, from: null, to: null, startDate: start, endDate: end, share: 1 },
    ]);
  });

  it("cuts at each 1 January, by UTC day, both ends included", () => {
    // 2024-12-15..2026-01-10: 17 days of 2024, 365 of 2025, 10 of 2026 = 392 days.
    const parts = yearParts("2024-12-15T00:00:00.000Z", "2026-01-10T00:00:00.000Z");
    expect(parts).toEqual([
      {
        year: 2024,
        from: null,
        to: null,
        startDate: "2024-12-15T00:00:00.000Z",
        endDate: "2024-12-31T00:00:00.000Z",
        share: 17 / 392,
      },
      {
        year: 2025,
        from: null,
        to: null,
        startDate: "2025-01-01T00:00:00.000Z",
        endDate: "2025-12-31T00:00:00.000Z",
        share: 365 / 392,
      },
      {
        year: 2026,
        from: null,
        to: null,
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

describe("periodParts: cut at validity boundaries too", () => {
  const day = (d: string) => `${d}T00:00:00.000Z`;

  it("cuts a March-April bill on the day a validity starts", () => {
    // 2025-03-15..2025-04-14: 31 days; a cut on 2025-04-01 leaves 17 days of March, 14 of April.
    const parts = periodParts(day("2025-03-15"), day("2025-04-14"), ["2025-04-01"]);
    expect(parts).toEqual([
      {
        year: 2025,
        from: null,
        to: "2025-03-31",
        startDate: day("2025-03-15"),
        endDate: day("2025-03-31"),
        share: 17 / 31,
      },
      {
        year: 2025,
        from: "2025-04-01",
        to: null,
        startDate: day("2025-04-01"),
        endDate: day("2025-04-14"),
        share: 14 / 31,
      },
    ]);
  });

  it("ignores cuts outside the period or on its first day, and merges them with 1 January", () => {
    // 2024-12-20..2025-01-09 (21 days): the cut on the first day and those outside do nothing;
    // 2025-01-05 cuts 2025 in two (4 days and 5 days), 1 January is the year boundary.
    const parts = periodParts(day("2024-12-20"), day("2025-01-09"), [
      "2024-06-01",
      "2024-12-20",
      "2025-01-05",
      "2025-02-01",
    ]);
    expect(parts.map((p) => [p.year, p.from, p.to, p.startDate.slice(0, 10), p.share])).toEqual([
      [2024, null, null, "2024-12-20", 12 / 21],
      [2025, null, "2025-01-04", "2025-01-01", 4 / 21],
      [2025, "2025-01-05", null, "2025-01-05", 5 / 21],
    ]);
  });

  it("reads a part back from its year and stretch, within the consumption's days", () => {
    const start = day("2025-03-15");
    const end = day("2025-04-14");
    expect(partOf(start, end, 2025, { from: null, to: "2025-03-31" })).toMatchObject({
      startDate: start,
      endDate: day("2025-03-31"),
      share: 17 / 31,
    });
    expect(partOf(start, end, 2025, { from: "2025-04-01", to: null })).toMatchObject({
      startDate: day("2025-04-01"),
      endDate: end,
      share: 14 / 31,
    });
    // A stored record without a stretch means its whole year (clipped to the consumption).
    expect(partOf(start, end, 2025, { from: null, to: null }).share).toBe(1);
    expect(partOf(start, end, 2026, { from: null, to: null }).share).toBe(0);
  });
});

describe("validity cuts", () => {
  it("cuts where a validity starts and the day after it ends, never on 1 January", () => {
    expect(
      validityCuts([
        { validFrom: "2025-04-01", validTo: null },
        { validFrom: "2025-01-01", validTo: "2025-12-31" },
        { validFrom: null, validTo: null },
        { validFrom: "2024-07-01", validTo: "2025-06-30" },
        { validFrom: null, validTo: "2024-02-28" },
      ]),
    ).toEqual(["2024-02-29", "2024-07-01", "2025-04-01", "2025-07-01"]);
  });

  it("finds a cut inside a period and the stretch of a year a day lies in", () => {
    const cuts = ["2025-04-01", "2025-07-01"];
    expect(cutInside(cuts, "2025-03-15T00:00:00.000Z", "2025-04-14T00:00:00.000Z")).toBe(true);
    expect(cutInside(cuts, "2025-04-01T00:00:00.000Z", "2025-04-30T00:00:00.000Z")).toBe(false);
    expect(cutInside(cuts, "2025-03-01T00:00:00.000Z", "2025-03-31T00:00:00.000Z")).toBe(false);
    expect(stretchKey(cuts, "2025-03-01T00:00:00.000Z", 2025)).toBe("..2025-04-01");
    expect(stretchKey(cuts, "2025-04-01T00:00:00.000Z", 2025)).toBe("2025-04-01..2025-07-01");
    expect(stretchKey(cuts, "2025-12-01T00:00:00.000Z", 2025)).toBe("2025-07-01..");
    expect(stretchKey(cuts, "2026-02-01T00:00:00.000Z", 2026)).toBe("");
  });
});
