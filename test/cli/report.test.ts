import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { createTestIo } from "../../src/cli/io.js";
import { issueText } from "../../src/cli/render/problems.js";
import { BUG_REPORT, reportError } from "../../src/cli/report.js";
import { CarbonError, type ErrorCode, errorTable } from "../../src/core/errors.js";

const live = new AbortController().signal;

describe("reportError", () => {
  it.each(Object.keys(errorTable) as ErrorCode[])("CarbonError %s -> its exit code", (code) => {
    const io = createTestIo();
    const exit = reportError(io, new CarbonError(code, "it went wrong"), {
      verbose: false,
      signal: live,
    });
    expect(exit).toBe(errorTable[code].exitCode);
    expect(exit).not.toBe(0);
    expect(io.stderrText()).toBe("error: it went wrong\n");
    expect(io.stdoutText()).toBe("");
  });

  it("prints up to 20 issues, then how many more, then the hint", () => {
    const io = createTestIo();
    const issues = Array.from({ length: 25 }, (_, index) => ({
      line: index + 2,
      path: "quantity",
      message: `expected a number, got "x${index}"`,
    }));
    const error = new CarbonError("validation", "25 rows rejected", {
      issues,
      hint: "fix them and import again",
    });
    expect(reportError(io, error, { verbose: false, signal: live })).toBe(3);
    const lines = io.stderrText().trimEnd().split("\n");
    expect(lines[0]).toBe("error: 25 rows rejected");
    expect(lines[1]).toBe('  line 2, column quantity: expected a number, got "x0"');
    expect(lines[20]).toBe('  line 21, column quantity: expected a number, got "x19"');
    expect(lines[21]).toBe("  … and 5 more");
    expect(lines[22]).toBe("hint: fix them and import again");
    expect(lines).toHaveLength(23);
  });

  it("does not list again the problem its message already states", () => {
    const io = createTestIo();
    const name = { path: "name", message: "expected at most 200 characters" };
    const issues = [name, { path: "country", message: "expected an ISO 3166 country code" }];
    const error = new CarbonError(
      "validation",
      "invalid company: name: expected at most 200 characters",
      { issues },
    );
    reportError(io, error, { verbose: false, signal: live });
    expect(io.stderrText()).toBe(
      [
        "error: invalid company: name: expected at most 200 characters",
        "  country: expected an ISO 3166 country code",
        "",
      ].join("\n"),
    );
    const untouched = createTestIo();
    reportError(untouched, new CarbonError("validation", "1 problem", { issues: [name] }), {
      verbose: false,
      signal: live,
    });
    expect(untouched.stderrText()).toBe(
      "error: 1 problem\n  name: expected at most 200 characters\n",
    );
  });

  it("prints an issue repeated on many lines once, with its lines as ranges", () => {
    const io = createTestIo();
    const unknown = 'no building named "Almacen"';
    const issues = [
      ...[3, 5, 8, 9, 10, 11, 12, 30].map((line) => ({ line, path: "building", message: unknown })),
      { line: 4, path: "quantity", message: "expected a number" },
      { path: "--year", message: "expected a year" },
      { path: "--year", message: "expected a year" },
    ];
    reportError(io, new CarbonError("validation", "11 problems", { issues }), {
      verbose: false,
      signal: live,
    });
    expect(io.stderrText()).toBe(
      [
        "error: 11 problems",
        `  column building: ${unknown} (lines 3, 5, 8-12, 30)`,
        "  line 4, column quantity: expected a number",
        "  --year: expected a year (2 times)",
        "",
      ].join("\n"),
    );
  });

  it("lists at most 20 ranges of lines for one issue, then counts the rest", () => {
    const issues = Array.from({ length: 30 }, (_, index) => ({
      line: 2 + index * 2,
      path: "unit",
      message: "unknown unit",
    }));
    const io = createTestIo();
    reportError(io, new CarbonError("validation", "30 problems", { issues }), {
      verbose: false,
      signal: live,
    });
    const ranges = Array.from({ length: 20 }, (_, index) => 2 + index * 2).join(", ");
    expect(io.stderrText().split("\n")[1]).toBe(
      `  column unit: unknown unit (lines ${ranges}, … and 10 more)`,
    );
  });

  it.each([
    [{ path: "--year", message: "expected a year" }, "--year: expected a year"],
    [{ path: "", message: "bad file" }, "bad file"],
    [{ path: "", line: 3, message: "bad row" }, "line 3: bad row"],
    [{ path: "actions.0.load", message: "expected a number" }, "actions.0.load: expected a number"],
  ])("issue %j", (issue, expected) => {
    expect(issueText(issue)).toBe(expected);
  });

  it("an unknown error is our bug: exit 1, no stack unless verbose", () => {
    const quiet = createTestIo();
    expect(
      reportError(quiet, new TypeError("x is undefined"), { verbose: false, signal: live }),
    ).toBe(1);
    expect(quiet.stderrText()).toBe(`internal error: x is undefined\n${BUG_REPORT}\n`);
    const verbose = createTestIo();
    reportError(verbose, new TypeError("x is undefined"), { verbose: true, signal: live });
    expect(verbose.stderrText()).toContain("at ");
  });

  it("commander errors are usage errors; help and version are not errors", () => {
    const io = createTestIo();
    const unknown = new CommanderError(1, "commander.unknownCommand", "unknown command");
    expect(reportError(io, unknown, { verbose: false, signal: live })).toBe(2);
    const help = new CommanderError(0, "commander.helpDisplayed", "(outputHelp)");
    expect(reportError(io, help, { verbose: false, signal: live })).toBe(0);
    expect(io.stderrText()).toBe("");
  });

  it("an AbortError after Ctrl-C is an interruption (130), before it a bug", () => {
    const abort = new Error("The operation was aborted");
    abort.name = "AbortError";
    const controller = new AbortController();
    expect(reportError(createTestIo(), abort, { verbose: false, signal: controller.signal })).toBe(
      1,
    );
    controller.abort();
    expect(reportError(createTestIo(), abort, { verbose: false, signal: controller.signal })).toBe(
      130,
    );
  });
});
