/**
 * The one converter from a zod error to the tool's problems (FieldIssue): every input a schema
 * checks (request bodies and queries, `--file` JSON, CSV rows, GLEC files, answers of a server)
 * reports the same way. An unknown key is a problem of its own at its own path, and zod's own
 * English messages (`Invalid input: expected string, received number`) become the house's
 * (`expected a string, got a number`); messages our schemas set are kept as they are.
 */
import type { z } from "zod";
import type { FieldIssue } from "./errors.js";
import { dottedPath } from "./json-bytes.js";

type Issue = z.core.$ZodIssue;

/** One problem with the path as zod gives it (property names and indices). */
export interface ZodProblem {
  readonly at: readonly PropertyKey[];
  readonly message: string;
}

const DEFAULT_PREFIX = /^(?:Invalid|Too big|Too small|Unrecognized)/;

function article(word: string): string {
  if (word === "undefined" || word === "null") return word;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

function listed(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value) ?? String(value)).join(", ");
}

function bound(issue: Extract<Issue, { code: "too_big" | "too_small" }>): string {
  const big = issue.code === "too_big";
  const limit = big ? issue.maximum : issue.minimum;
  const inclusive = issue.inclusive !== false;
  const word = big ? (inclusive ? "at most" : "less than") : inclusive ? "at least" : "more than";
  const unit =
    issue.origin === "string"
      ? " characters"
      : issue.origin === "array" || issue.origin === "set"
        ? " items"
        : "";
  return `expected ${word} ${String(limit)}${unit}`;
}

/** The house's wording of an issue zod worded itself; any other message as it is. */
function houseMessage(issue: Issue): string {
  if (!DEFAULT_PREFIX.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type": {
      const received = /received (\w+)/.exec(issue.message)?.[1];
      const expected = `expected ${article(issue.expected)}`;
      return received === undefined ? expected : `${expected}, got ${article(received)}`;
    }
    case "too_big":
    case "too_small":
      return bound(issue);
    case "invalid_value":
      return issue.values.length === 1
        ? `expected ${listed(issue.values)}`
        : `expected one of ${listed(issue.values)}`;
    case "invalid_format":
      return issue.format === "email" ? "expected an e-mail address" : `expected a ${issue.format}`;
    default:
      return issue.message;
  }
}

/**
 * The problems of a zod error in order; each unknown key is one problem at its own path with
 * `unknownKey` as its message.
 */
export function zodProblems(error: z.ZodError, unknownKey = "unknown field"): ZodProblem[] {
  return error.issues.flatMap((issue): ZodProblem[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ at: [...issue.path, key], message: unknownKey }));
    }
    return [{ at: issue.path, message: houseMessage(issue) }];
  });
}

/** zodProblems with dotted paths, as a CarbonError carries them. */
export function zodFieldIssues(error: z.ZodError, unknownKey = "unknown field"): FieldIssue[] {
  return zodProblems(error, unknownKey).map((problem) => ({
    path: dottedPath(problem.at),
    message: problem.message,
  }));
}
