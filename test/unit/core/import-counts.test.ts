import { describe, expect, it } from "vitest";
import {
  addImportCounts,
  countEmission,
  countRow,
  scopeKey,
  storedCounts,
  zeroImportCounts,
} from "../../../src/core/import-counts.js";

describe("import counts", () => {
  it("counts each row's outcome and puts its co2e in its scope, or counts it awaiting", () => {
    const counts = zeroImportCounts();
    countRow(counts, "inserted", scopeKey(1), false, 10);
    countRow(counts, "updated", scopeKey(2), false, 2.5);
    countRow(counts, "unchanged", scopeKey(3), true, null);
    countRow(counts, "inserted", scopeKey(3), false, undefined);
    countEmission(counts, scopeKey(2), false, 1);
    expect(counts).toEqual({
      inserted: 2,
      updated: 1,
      unchanged: 1,
      awaitingFactor: 1,
      co2eByScope: { "1": 10, "2": 3.5, "3": 0 },
    });
  });

  it("adds every field of a batch into the total", () => {
    const total = zeroImportCounts();
    const batch = {
      inserted: 1,
      updated: 2,
      unchanged: 3,
      awaitingFactor: 4,
      co2eByScope: { "1": 5, "2": 6, "3": 7 },
    };
    addImportCounts(total, batch);
    addImportCounts(total, batch);
    expect(total).toEqual({
      inserted: 2,
      updated: 4,
      unchanged: 6,
      awaitingFactor: 8,
      co2eByScope: { "1": 10, "2": 12, "3": 14 },
    });
  });

  it("reports a copy of what was stored, or zeros when nothing was", () => {
    const counts = zeroImportCounts();
    countRow(counts, "inserted", "1", false, 4);
    const copy = storedCounts(counts);
    countRow(counts, "inserted", "1", false, 4);
    expect(copy.co2eByScope["1"]).toBe(4);
    expect(copy.inserted).toBe(1);
    expect(storedCounts(undefined)).toEqual(zeroImportCounts());
    // Each zero value is fresh: adding to one does not change the next.
    const zero = zeroImportCounts();
    zero.co2eByScope["1"] = 9;
    expect(zeroImportCounts().co2eByScope["1"]).toBe(0);
  });
});
