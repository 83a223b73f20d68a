/**
 * A summary consolidated by an organization limit: the groups of every part merged in the
 * engine's order, each part's figures times its applied share, records counted once. The parts'
 * summaries are given as an engine would answer them; the figures are plain kg.
 */
import { describe, expect, it } from "vitest";
import { consolidateSummary } from "../../../src/core/consolidated-summary.js";
import type { EmissionGroup, EmissionSummary } from "../../../src/core/model/emission.js";
import type { OrganizationLimit } from "../../../src/core/model/organization-limit.js";
import type { EmissionsPort, SummaryQuery } from "../../../src/core/ports/emissions.js";

const PARENT = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const SUB = "0a1b2c3d-1111-4222-8333-444455556661";
const HQ = "9f8e7d6c-1111-4222-8333-444455556661";

function group(month: string, co2e: number, count = 1): EmissionGroup {
  return {
    key: { month },
    label: {},
    co2e,
    co2eMarketBased: co2e * 2,
    count,
    awaitingFactor: 0,
    marketAwaitingFactor: 0,
  };
}

function summary(groups: EmissionGroup[], scope2: number | null): EmissionSummary {
  const co2e = groups.reduce((sum, g) => sum + g.co2e, 0);
  const count = groups.reduce((sum, g) => sum + g.count, 0);
  return {
    groupBy: ["month"],
    groups,
    totals: {
      co2e,
      co2eMarketBased: co2e * 2,
      byScope: { "1": co2e, "2": 0, "3": 0 },
      scope2MarketBased: scope2,
      count,
      awaitingFactor: 0,
      marketAwaitingFactor: 0,
      // every part's records: one priced with a proxy
      earlierYear: 0,
      otherGeography: 1,
      proxy: 1,
      gwpNotConverted: 0,
    },
    factorLibraryVersion: "lib-test",
    gwpSet: "AR5",
  };
}

const parts: Record<string, EmissionSummary> = {
  // The parent: January 100 (HQ's 40 of it) and March 300 (HQ's 200 of it).
  [PARENT]: summary([group("2024-01", 100), group("2024-03", 300, 2)], null),
  [HQ]: summary([group("2024-01", 40), group("2024-03", 200)], null),
  // The subsidiary at 50 %: February 80 and March 20, with scope 2 market-based 10.
  [SUB]: summary([group("2024-02", 80), group("2024-03", 20)], 10),
};

function limit(approach: string): OrganizationLimit {
  return {
    id: "5d0c1e2f-1111-4222-8333-444455556666",
    companyId: PARENT,
    name: "FY2024",
    approach,
    periodFrom: "2024-01-01",
    periodTo: "2024-12-31",
    members: [
      { companyId: SUB, buildingId: null, sharePercent: 50 },
      { companyId: null, buildingId: HQ, sharePercent: 25 },
    ],
  } as unknown as OrganizationLimit;
}

describe("consolidateSummary", () => {
  const asked: SummaryQuery[] = [];
  const emissions = {
    summarize: async (query: SummaryQuery) => {
      asked.push(query);
      const part = parts[query.buildingId ?? query.companyId ?? ""];
      if (part === undefined) throw new Error("unexpected part");
      return part;
    },
  } as unknown as EmissionsPort;
  const sources = { emissions, buildingCompany: async () => PARENT };

  it("merges the parts' months in order, each at its applied share", async () => {
    asked.length = 0;
    const result = await consolidateSummary(sources, limit("equity_share"), {
      companyId: PARENT,
      from: "2023-06-01",
      to: "2024-06-30",
      groupBy: ["month"],
    });
    // January: 100 + 40 × (25 % − 100 %) = 70; February: 80 × 50 % = 40;
    // March: 300 + 200 × −75 % + 20 × 50 % = 160. Total 270.
    expect(result.summary.groups.map((g) => [g.key.month, g.co2e, g.count])).toEqual([
      ["2024-01", 70, 1],
      ["2024-02", 40, 1],
      ["2024-03", 160, 3],
    ]);
    expect(result.summary.totals.co2e).toBe(270);
    expect(result.summary.totals.co2eMarketBased).toBe(540);
    expect(result.summary.totals.scope2MarketBased).toBe(5);
    expect(result.summary.totals.count).toBe(5);
    // records are counted once: the parent's and the subsidiary's parts (HQ's is a share of the parent's)
    expect(result.summary.totals).toMatchObject({ proxy: 2, otherGeography: 2 });
    expect(result.summary.gwpSet).toBe("AR5");
    expect(result.limit.name).toBe("FY2024");
    // The window asked, cut to the limit's period, for every part.
    expect(asked.map((q) => [q.from, q.to])).toEqual([
      ["2024-01-01", "2024-06-30"],
      ["2024-01-01", "2024-06-30"],
      ["2024-01-01", "2024-06-30"],
    ]);
  });

  it("under a control approach the company's own buildings are not read again", async () => {
    asked.length = 0;
    const result = await consolidateSummary(sources, limit("operational_control"), {
      companyId: PARENT,
      groupBy: ["month"],
    });
    // 400 (the parent whole) + 100 (the subsidiary whole).
    expect(result.summary.totals.co2e).toBe(500);
    expect(asked.map((q) => q.buildingId)).toEqual([undefined, undefined]);
  });

  it("refuses a window outside the limit's period", async () => {
    await expect(
      consolidateSummary(sources, limit("equity_share"), {
        companyId: PARENT,
        from: "2025-01-01",
        to: "2025-12-31",
        groupBy: ["month"],
      }),
    ).rejects.toThrow("covers 2024-01-01 to 2024-12-31");
  });
});
