/**
 * What a command case of the conformance matrix is (cases.ts lists them), apart from the list:
 * the per-area and per-resource case files import it from here, so that none of them imports
 * cases.ts, which imports them.
 */
import { readFileSync } from "node:fs";
import type { Seed } from "./seed.js";

export interface CaseContext {
  readonly seed: Seed;
  /** A fresh directory for this run's input and output files. */
  readonly dir: string;
  readonly url: string;
  readonly token: string;
}

export interface CommandCase {
  /** The command's words (`consumptions import`) and what tells this invocation apart. */
  readonly name: string;
  readonly args: (context: CaseContext) => readonly string[];
  /** What stdin holds (a pipe). */
  readonly stdin?: (context: CaseContext) => string;
  /** Whether CARBON_API_URL and CARBON_TOKEN are set (default yes). */
  readonly environment?: false;
  /** A dry run: the server's stored data must be the same after it. */
  readonly dryRun?: true;
  /** What is wrong with a successful run's output, if anything. */
  readonly check?: (stdout: string, context: CaseContext) => string | undefined;
}

/** A check that the output (stdout, or the file named) has `expected` data rows below a header. */
export function rows(
  expected: number | ((seed: Seed) => number),
  output?: (context: CaseContext) => string,
): CommandCase["check"] {
  return (stdout, context) => {
    const text = output === undefined ? stdout : readFileSync(output(context), "utf8");
    const count = text.split("\n").filter((line) => line.trim() !== "").length - 1;
    const wanted = typeof expected === "number" ? expected : expected(context.seed);
    return count === wanted ? undefined : `printed ${count} rows of ${wanted}`;
  };
}
