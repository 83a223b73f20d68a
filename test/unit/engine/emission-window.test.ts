import { describe, expect, it } from "vitest";
import type { Emission } from "../../../src/core/model/emission.js";
import { emissionInWindow } from "../../../src/engine/emission-window.js";
import { createEmissionSummarizer } from "../../../src/engine/summary.js";

// A 31-day electricity bill across the new year: 2024-12-15..31 is 17 days, 2025-01-01..14 is 14.
const bill: Emission = {
  id: "00000000-0000-4000-8000-000000000001",
  consumptionId: "00000000-0000-4000-9000-000000000001",
  companyId: "0b6f8c5e-9a51-4d2b-8d7e-3f1a2b3c4d5e",
  buildingId: "11111111-1111-4111-8111-111111111111",
  categoryId: "22222222-2222-4222-8222-222222222222",
  scope: 2,
  startDate: "2024-12-15T00:00:00.000Z",
  endDate: "2025-01-14T00:00:00.000Z",
  co2e: 310,
  co2: 300,
  ch4: 6.2,
  n2o: null,
  co2eMarketBased: 620,
  factorId: "33333333-3333-4333-8333-333333333333",
  factorSource: "test",
  factorYear: 2024,
  status: "calculated",
  quantity: 1550,
  unit: "kWh",
  convertedQuantity: 1550,
  factorUnit: "kWh",
  factorValue: 0.2,
  resolution: "country_year",
  gwpSet: "AR5",
  geography: "GB",
  marketStatus: "calculated",
  marketFactorId: null,
  marketBasis: "residual_mix",
  marketResolution: "country_year",
  marketGeography: "GB",
  marketFactorYear: 2024,
  marketGwpSet: "AR5",
  line: "direct",
  biogenicCo2: 62,
  factorLibraryVersion: "lib-000000000000",
};

describe("emissionInWindow", () => {
  it("keeps the share of the record's days inside the window, and the whole co2e beside", () => {
    const cut = emissionInWindow(bill, { from: "2025-01-01", to: "2025-12-31" });
    expect(cut).toMatchObject({
      share: 14 / 31,
      recordCo2e: 310,
      quantity: 1550,
      startDate: bill.startDate,
      endDate: bill.endDate,
      n2o: null,
    });
    expect(cut?.co2e).toBeCloseTo(140, 9);
    expect(cut?.co2).toBeCloseTo((300 * 14) / 31, 9);
    expect(cut?.ch4).toBeCloseTo((6.2 * 14) / 31, 9);
    expect(cut?.co2eMarketBased).toBeCloseTo(280, 9);
    // Biogenic CO2 is a figure of the record too: 62 kg over 31 days, 14 of them inside.
    expect(cut?.biogenicCo2).toBeCloseTo(28, 9);
  });

  it("gives the two sides of a boundary shares that add up to the whole record", () => {
    const before = emissionInWindow(bill, { to: "2024-12-31" });
    const after = emissionInWindow(bill, { from: "2025-01-01" });
    expect((before?.share ?? 0) + (after?.share ?? 0)).toBeCloseTo(1, 12);
    expect((before?.co2e ?? 0) + (after?.co2e ?? 0)).toBeCloseTo(310, 9);
  });

  it("leaves a record untouched inside the window, and drops one outside it", () => {
    expect(emissionInWindow(bill, { from: "2024-12-01", to: "2025-01-31" })).toEqual({
      ...bill,
      share: 1,
      recordCo2e: 310,
    });
    expect(emissionInWindow(bill, { from: "2025-01-15" })).toBeNull();
    expect(emissionInWindow(bill, { to: "2024-12-14" })).toBeNull();
  });

  it("keeps an awaiting record's figures null", () => {
    const awaiting: Emission = { ...bill, status: "awaiting_factor", co2e: null, co2: null };
    expect(emissionInWindow(awaiting, { from: "2025-01-01" })).toMatchObject({
      co2e: null,
      co2: null,
      recordCo2e: null,
    });
  });

  it("cuts a record exactly as the summary totals of the same window count it", () => {
    const window = { from: "2025-01-01", to: "2025-12-31" };
    const summarizer = createEmissionSummarizer(
      [],
      {
        category: () => undefined,
        buildingName: () => undefined,
      },
      window,
    );
    summarizer.add(bill);
    expect(emissionInWindow(bill, window)?.co2e).toBe(summarizer.result("test").totals.co2e);
  });
});
