/** The plan `buildings move` prints: the footprint after, or that it was not calculated. */
import { describe, expect, it } from "vitest";
import { planLines } from "../../../src/cli/commands/buildings/move-output.js";
import type { BuildingMoveResult } from "../../../src/core/model/building-move.js";

function plan(co2eAfter: number | null): BuildingMoveResult {
  return {
    companyId: "5c9d2e4f-1b3a-4c6d-8e7f-9a0b1c2d3e4f",
    companyName: "Beta UK",
    dryRun: true,
    moveId: null,
    buildings: [
      {
        buildingId: "7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3b4c",
        name: "Madrid HQ",
        fromCompanyId: "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
        action: "move",
        consumptions: 2,
        emissions: 2,
        awaitingFactor: 0,
        co2eBefore: 1200,
        co2eAfter,
      },
    ],
    totals: { moved: 1, unchanged: 0, consumptions: 2, emissions: 2, awaitingFactor: 0 },
  };
}

describe("buildings move plan lines", () => {
  it("prints the footprint before and after", () => {
    expect(planLines([plan(900)])[1]).toMatch(/1,200\.000 -> 900\.000 kgCO2e$/);
  });

  it("says the footprint after was not calculated rather than print a number", () => {
    expect(planLines([plan(null)])[1]).toMatch(
      /1,200\.000 kgCO2e now; after the move: not calculated \(the server offers no dry run\)$/,
    );
  });
});
