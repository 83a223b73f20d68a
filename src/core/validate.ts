import type { z } from "zod";
import { type FieldIssue, validationError } from "./errors.js";
import { zodFieldIssues } from "./zod-issues.js";

/** Parses input with a core schema; a failure is a validation error listing every issue. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  what: string,
): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = zodFieldIssues(result.error);
  const first = issues[0];
  const detail =
    first === undefined ? "" : `: ${first.path === "" ? "" : `${first.path}: `}${first.message}`;
  return raise(what, detail, issues);
}

function raise(what: string, detail: string, issues: readonly FieldIssue[]): never {
  throw validationError(`invalid ${what}${detail}`, issues);
}
