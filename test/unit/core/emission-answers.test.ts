/**
 * Emission answers of servers that do not know lines: they still parse, each one read as the
 * consumption's own (direct) line, with no biogenic figure and no library version.
 */
import { describe, expect, it } from "vitest";
import {
  emissionAnswerSchema,
  emissionSummaryAnswerSchema,
} from "../../../src/core/model/emission.js";

const before = {
  id: "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
  consumptionId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  companyId: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
  buildingId: "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
  categoryId: "4f5a6b7c-8d9e-4f0a-9b2c-3d4e5f6a7b8c",
  scope: 2,
  startDate: "2024-01-01T00:00:00.000Z",
  endDate: "2024-01-31T00:00:00.000Z",
  co2e: 125,
  co2: null,
  ch4: null,
  n2o: null,
  co2eMarketBased: 283,
  factorId: null,
  factorSource: "EEA 2024",
  factorYear: 2024,
  status: "calculated",
  quantity: 1000,
  unit: "kWh",
  convertedQuantity: 1000,
  factorUnit: "kWh",
  factorValue: 0.125,
  resolution: "country_year",
  gwpSet: "AR5",
  marketFactorId: null,
  marketBasis: "residual_mix",
};

describe("emission answers without lines", () => {
  it("parse as direct lines of an unknown library, with no biogenic CO2", () => {
    expect(emissionAnswerSchema.parse(before)).toMatchObject({
      line: "direct",
      biogenicCo2: null,
      factorLibraryVersion: null,
      co2e: 125,
    });
    // The interface's fields alone (another server) parse too.
    const { id, consumptionId, companyId, buildingId, categoryId, scope, startDate, endDate } =
      before;
    const minimal = {
      id,
      consumptionId,
      companyId,
      buildingId,
      categoryId,
      scope,
      startDate,
      endDate,
    };
    expect(emissionAnswerSchema.parse({ ...minimal, co2e: 1 })).toMatchObject({
      line: "direct",
      status: "calculated",
    });
  });

  it("keep a line a newer server names, and its figures", () => {
    const line = { ...before, line: "td_losses", biogenicCo2: 2.5, factorLibraryVersion: "lib-x" };
    expect(emissionAnswerSchema.parse(line)).toMatchObject({
      line: "td_losses",
      biogenicCo2: 2.5,
      factorLibraryVersion: "lib-x",
    });
  });

  it("a summary without biogenic CO2 parses, with none reported", () => {
    const summary = {
      groupBy: [],
      groups: [],
      totals: {
        co2e: 0,
        co2eMarketBased: 0,
        byScope: { "1": 0, "2": 0, "3": 0 },
        scope2MarketBased: null,
        count: 0,
        awaitingFactor: 0,
      },
      factorLibraryVersion: "lib-old",
    };
    // Read as the remote engine reads a server's summary (dashboards.ts): a server of before the
    // labelled fallbacks lacks their counts and the GWP set too, which read as none.
    const parsed = emissionSummaryAnswerSchema.parse(summary);
    expect(parsed.totals.biogenicCo2).toBeUndefined();
    expect(parsed).toMatchObject({ gwpSet: null, totals: { proxy: 0, marketAwaitingFactor: 0 } });
  });
});
