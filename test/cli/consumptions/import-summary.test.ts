import { describe, expect, it } from "vitest";
import { createTestIo } from "../../../src/cli/io.js";
import { importSummaryLines, MAX_LISTED_ERRORS } from "../../../src/cli/render/import-summary.js";
import { createProgressReporter } from "../../../src/cli/render/progress.js";
import type { ConsumptionImportReport } from "../../../src/import/consumptions.js";

function report(overrides: Partial<ConsumptionImportReport> = {}): ConsumptionImportReport {
  return {
    file: "bills.csv",
    rowsRead: 1204,
    inserted: 1100,
    updated: 50,
    unchanged: 54,
    rejected: 0,
    awaitingFactor: 0,
    co2eByScope: { "1": 12_345.6789, "2": 12, "3": 0 },
    overlapping: 0,
    replaced: 0,
    errors: [],
    errorCount: 0,
    buildingsCreated: [],
    dryRun: false,
    committed: true,
    stoppedEarly: false,
    resumedSkipped: 0,
    resumable: false,
    ...overrides,
  };
}

describe("import summary", () => {
  it("lists the counts and kgCO2e by scope", () => {
    expect(importSummaryLines(report(), {})).toEqual([
      "bills.csv:",
      "  rows read                1,204",
      "  inserted                 1,100",
      "  updated                     50",
      "  unchanged                   54",
      "  rejected                     0",
      "  awaiting factor              0",
      "  scope 1             12,345.679 kgCO2e",
      "  scope 2                 12.000 kgCO2e (location-based)",
      "  scope 3                  0.000 kgCO2e",
    ]);
  });

  it("says a dry run stored nothing, and which buildings it would create", () => {
    const lines = importSummaryLines(
      report({ dryRun: true, committed: false, buildingsCreated: [{ id: "x", name: "Depot" }] }),
      {},
    );
    expect(lines).toContain("  buildings to create 1 (Depot)");
    expect(lines.at(-1)).toBe("dry run: nothing was stored");
  });

  it("a dry run the client planned says the emissions were not calculated, rather than print zeros", () => {
    const lines = importSummaryLines(
      report({
        dryRun: true,
        committed: false,
        emissionsUnknown: true,
        co2eByScope: { "1": 0, "2": 0, "3": 0 },
      }),
      {},
    );
    expect(lines.some((line) => line.includes("kgCO2e") || line.includes("awaiting factor"))).toBe(
      false,
    );
    expect(lines).toContain("dry run: nothing was stored");
    expect(lines.at(-1)).toMatch(/^emissions not calculated: the server offers no dry run/);
  });

  it("lists the first errors, then how many more and how to get them", () => {
    const errors = Array.from({ length: 60 }, (_, index) => ({
      line: index + 2,
      column: "quantity",
      message: `expected a number, got "${index},5"`,
    }));
    const lines = importSummaryLines(
      report({ rejected: 60, errors, errorCount: 75, committed: false, inserted: 0 }),
      {},
    );
    expect(lines[0]).toBe('line 2, column quantity: expected a number, got "0,5"');
    expect(lines[MAX_LISTED_ERRORS - 1]).toBe(
      'line 51, column quantity: expected a number, got "49,5"',
    );
    expect(lines[MAX_LISTED_ERRORS]).toBe("… and 25 more; use --rejects FILE to get them all");
    expect(lines.at(-1)).toBe(
      "nothing was stored because 60 rows were rejected; fix them or use --skip-invalid",
    );
  });

  it("points at the rejects file and says skipped rows were left out", () => {
    const lines = importSummaryLines(
      report({
        rejected: 1,
        errors: [{ line: 7, column: "", message: "expected 9 fields, got 7" }],
        errorCount: 1,
        awaitingFactor: 2,
      }),
      { rejectsFile: "bad.csv" },
    );
    expect(lines[0]).toBe("line 7: expected 9 fields, got 7");
    expect(lines).toContain("1 rejected row was skipped; the other rows were stored");
    expect(lines).toContain("rejected rows written to bad.csv");
    expect(lines.at(-1)).toMatch(/^2 consumptions are waiting for an emission factor/);
  });

  it("counts rows overlapping stored consumptions and the ones --replace-overlapping replaced", () => {
    const refused = importSummaryLines(
      report({ rejected: 2, overlapping: 2, committed: false, inserted: 0 }),
      {},
    );
    expect(refused.at(-1)).toBe(
      "2 rows overlap a stored consumption of the same building, category and entityId: both would be counted; --replace-overlapping replaces the stored ones",
    );
    const replaced = importSummaryLines(report({ overlapping: 2, replaced: 2 }), {});
    expect(
      replaced.filter((line) => /^ {2}replaced +2 \(--replace-overlapping\)$/.test(line)),
    ).toHaveLength(1);
  });

  it("says when reading stopped at --max-errors", () => {
    const lines = importSummaryLines(
      report({ rejected: 3, errorCount: 3, stoppedEarly: true, committed: false }),
      {},
    );
    expect(lines).toContain("stopped reading after 3 errors (--max-errors)");
  });

  it("says why --resume skipped nothing", () => {
    const why = "3 of 80 rows the journal says the server stored are not on the server at URL";
    expect(importSummaryLines(report({ resumeRefused: why }), {})).toContain(
      `warning: --resume skipped nothing: ${why}; every row was sent again`,
    );
  });
});

describe("progress reporter", () => {
  it("is silent when stderr is not a terminal", () => {
    const io = createTestIo({ stderrIsTty: false });
    const calls: string[] = [];
    const reporter = createProgressReporter(
      { ...io, status: (line) => calls.push(line) },
      { label: "x.csv" },
    );
    reporter.update({ rowsRead: 1, bytesRead: 1, totalBytes: 2 });
    reporter.done();
    expect(calls).toEqual([]);
  });

  it("redraws at most once per interval on a terminal, and clears at the end", () => {
    const io = createTestIo({ stderrIsTty: true });
    const calls: string[] = [];
    let time = 0;
    const reporter = createProgressReporter(
      { ...io, status: (line) => calls.push(line), clearStatus: () => calls.push("<clear>") },
      { label: "x.csv", now: () => time, intervalMs: 100 },
    );
    for (const at of [0, 50, 100, 150, 250]) {
      time = at;
      reporter.update({ rowsRead: at, bytesRead: at, totalBytes: 1000 });
    }
    reporter.done();
    expect(calls).toHaveLength(4);
    expect(calls[1]).toContain("100 rows");
    expect(calls[3]).toBe("<clear>");
  });
});
