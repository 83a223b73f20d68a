/**
 * The effluent rule and summary, worked out by hand. A sample exceeds its limit when it lies
 * outside it: excess = value − limit (a maximum), or minimum − value (a pH range), the larger;
 * above 0 exceeds, on the limit (0) does not. No emission factor is involved.
 */
import { describe, expect, it } from "vitest";
import { exceedsLimit, excessOver, flagEffluents } from "../../../src/core/effluent-limits.js";
import { summarizeEffluents } from "../../../src/core/effluent-summary.js";
import type { Effluent } from "../../../src/core/model/effluent.js";

const A = "a0000000-0000-4000-8000-00000000000a";
const B = "b0000000-0000-4000-8000-00000000000b";
const COMPANY = "c0000000-0000-4000-8000-00000000000c";
let next = 0;

function record(
  type: "limit" | "quality",
  buildingId: string,
  parameter: string,
  value: number,
  when: string,
  minValue: number | null = null,
): Effluent {
  next += 1;
  return {
    id: `e0000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    companyId: COMPANY,
    buildingId,
    type,
    parameter,
    value,
    unit: parameter === "pH" ? "pH" : "mg/L",
    year: Number(when.slice(0, 4)),
    sampledAt: type === "quality" ? when : null,
    minValue,
    dischargePoint: null,
    notes: null,
  };
}
const limit = (b: string, p: string, v: number, y: string, min: number | null = null) =>
  record("limit", b, p, v, y, min);
const sample = (b: string, p: string, v: number, d: string) => record("quality", b, p, v, d);

describe("a sample against its limit", () => {
  it.each([
    // value, max, min, excess (worked by hand), exceeds
    [140, 125, null, 140 - 125, true], // 15 above COD's 125
    [125, 125, null, 0, false], // on the limit: within it
    [90.5, 125, null, 90.5 - 125, false], // −34.5: a margin
    [5.5, 9, 6, 6 - 5.5, true], // pH below the minimum 6 by 0.5
    [9.25, 9, 6, 9.25 - 9, true], // pH above 9 by 0.25
    [7, 9, 6, Math.max(7 - 9, 6 - 7), false], // max(−2, −1) = −1
    [6, 9, 6, 0, false], // on the minimum
  ])("%d against max %d, min %s: excess %d, exceeds %s", (value, max, min, excess, exceeds) => {
    const terms = { value: max, minValue: min };
    expect(excessOver(value, terms)).toBe(excess);
    expect(exceedsLimit(value, terms)).toBe(exceeds);
  });

  it("flags a sample only with its own building's limit of the parameter and year", () => {
    const cod = limit(A, "COD", 125, "2025");
    const rows = flagEffluents(
      [
        sample(A, "COD", 140, "2025-03-01"),
        sample(B, "COD", 140, "2025-03-01"), // another building: no limit
        sample(A, "COD", 140, "2024-03-01"), // another year: no limit
        sample(A, "BOD5", 140, "2025-03-01"), // another parameter: no limit
        cod, // a limit is not flagged
      ],
      [cod],
    );
    expect(rows.map((row) => [row.exceedsLimit, row.limitValue, row.limitId])).toEqual([
      [true, 125, cod.id],
      [null, null, null],
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
  });
});

describe("the effluent summary", () => {
  it("counts samples and exceedances per building and parameter and names the worst", () => {
    const records = [
      limit(A, "COD", 125, "2024"),
      limit(A, "COD", 100, "2025"),
      limit(A, "pH", 9, "2025", 6),
      limit(B, "TSS", 35, "2025"),
      sample(A, "COD", 150, "2024-06-01"), // 150 − 125 = 25: exceeds (the worst)
      sample(A, "COD", 120, "2025-02-01"), // 120 − 100 = 20: exceeds
      sample(A, "COD", 80, "2025-03-01"), // 80 − 100 = −20
      sample(A, "COD", 500, "2023-05-01"), // no 2023 limit: not compared
      sample(A, "pH", 5.5, "2025-01-10"), // 6 − 5.5 = 0.5: exceeds (the worst)
      sample(A, "pH", 9.25, "2025-02-10"), // 9.25 − 9 = 0.25: exceeds
      sample(A, "pH", 7, "2025-03-10"), // max(7 − 9, 6 − 7) = −1
      sample(B, "TSS", 30, "2025-04-01"), // 30 − 35 = −5
      sample(B, "TSS", 32, "2025-05-01"), // 32 − 35 = −3: the closest, none exceeded
      sample(B, "BOD5", 20, "2025-04-01"), // no BOD5 limit
    ];
    expect(summarizeEffluents(records)).toEqual([
      {
        buildingId: A,
        parameter: "COD",
        unit: "mg/L",
        samples: 4,
        withoutLimit: 1,
        exceedances: 2,
        worstValue: 150,
        worstSampledAt: "2024-06-01",
        worstLimitValue: 125,
        worstLimitMinValue: null,
        worstExcess: 25,
      },
      {
        buildingId: A,
        parameter: "pH",
        unit: "pH",
        samples: 3,
        withoutLimit: 0,
        exceedances: 2,
        worstValue: 5.5,
        worstSampledAt: "2025-01-10",
        worstLimitValue: 9,
        worstLimitMinValue: 6,
        worstExcess: 0.5,
      },
      {
        buildingId: B,
        parameter: "BOD5",
        unit: "mg/L",
        samples: 1,
        withoutLimit: 1,
        exceedances: 0,
        worstValue: null,
        worstSampledAt: null,
        worstLimitValue: null,
        worstLimitMinValue: null,
        worstExcess: null,
      },
      {
        buildingId: B,
        parameter: "TSS",
        unit: "mg/L",
        samples: 2,
        withoutLimit: 0,
        exceedances: 0,
        worstValue: 32,
        worstSampledAt: "2025-05-01",
        worstLimitValue: 35,
        worstLimitMinValue: null,
        worstExcess: -3,
      },
    ]);
  });

  it("names the earlier of two equally bad samples", () => {
    const rows = summarizeEffluents([
      limit(A, "TSS", 35, "2025"),
      sample(A, "TSS", 40, "2025-06-01"),
      sample(A, "TSS", 40, "2025-02-01"),
    ]);
    expect(rows[0]).toMatchObject({ exceedances: 2, worstValue: 40, worstSampledAt: "2025-02-01" });
  });

  it("is empty without samples", () => {
    expect(summarizeEffluents([limit(A, "COD", 125, "2025")])).toEqual([]);
  });
});
