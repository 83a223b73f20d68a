/** How a failure is shown to the user, and the exit code it ends with (see cli.md, exit codes). */
import { CommanderError } from "commander";
import { type CarbonError, type FieldIssue, isCarbonError } from "../core/errors.js";
import type { Io } from "./io.js";
import { formatCount } from "./render/numbers.js";
import { issueText, problemLines } from "./render/problems.js";

export const MAX_ISSUES_SHOWN = 20;
export const BUG_REPORT =
  "This is a bug in carbon; please report it at the project's issue tracker with the command you ran.";

export interface ReportOptions {
  /** Print stack traces and causes (--verbose or CARBON_DEBUG). */
  readonly verbose: boolean;
  /** The command's cancellation signal: an AbortError after Ctrl-C is an interruption, not a bug. */
  readonly signal: AbortSignal;
}

function describe(error: unknown, withStack: boolean): string {
  if (error instanceof Error) {
    return withStack && error.stack !== undefined ? error.stack : error.message;
  }
  return String(error);
}

/**
 * The issues still to list under the message: a message that ends with its first issue
 * (`invalid company: name: expected …`) has said that one already.
 */
function unstatedIssues(error: CarbonError): readonly FieldIssue[] {
  const [first, ...rest] = error.issues;
  if (first === undefined) return error.issues;
  const text = issueText(first);
  const stated = error.message === text || error.message.endsWith(`: ${text}`);
  return stated ? rest : error.issues;
}

function reportCarbonError(io: Io, error: CarbonError, verbose: boolean): number {
  io.err(`error: ${error.message}`);
  const { lines, more } = problemLines(unstatedIssues(error), MAX_ISSUES_SHOWN);
  for (const line of lines) io.err(`  ${line}`);
  if (more > 0) io.err(`  … and ${formatCount(more)} more`);
  if (error.hint !== undefined) io.err(`hint: ${error.hint}`);
  if (verbose && error.cause !== undefined) io.err(`cause: ${describe(error.cause, true)}`);
  return error.exitCode;
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  if (!signal.aborted) return false;
  return error === signal.reason || (error instanceof Error && error.name === "AbortError");
}

/** Prints the error on stderr and returns the exit code; never 0. */
export function reportError(io: Io, error: unknown, options: ReportOptions): number {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (and the help hint) through configureOutput.
    // Help and version also arrive here, with exit code 0.
    return error.exitCode === 0 ? 0 : 2;
  }
  if (isCarbonError(error)) return reportCarbonError(io, error, options.verbose);
  if (isAbort(error, options.signal)) {
    io.err("interrupted");
    return 130;
  }
  io.err(`internal error: ${describe(error, false)}\n${BUG_REPORT}`);
  if (options.verbose && error instanceof Error && error.stack !== undefined) io.err(error.stack);
  return 1;
}
