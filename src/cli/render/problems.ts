/**
 * Problems with an input as printed for people: the same problem (same place, same message) is
 * printed once with every line it occurs on, and only the first problems are listed, then how
 * many more there are. Every error list on stderr (import summaries, a CarbonError's issues)
 * goes through here.
 */
import type { FieldIssue } from "../../core/errors.js";
import { formatCount } from "./numbers.js";

/** Ranges of line numbers one grouped problem lists before it only counts the rest. */
const MAX_LINE_RANGES = 20;

interface Group {
  readonly first: FieldIssue;
  readonly lines: number[];
  count: number;
}

/**
 * Issues with the same path and message together, in the order they first appear; only the
 * first `max` groups are kept (later issues still count towards them).
 */
function groupsOf(issues: readonly FieldIssue[], max: number): Group[] {
  const byPath = new Map<string, Map<string, Group>>();
  const groups: Group[] = [];
  for (const issue of issues) {
    let byMessage = byPath.get(issue.path);
    let group = byMessage?.get(issue.message);
    if (group === undefined) {
      if (groups.length >= max) continue;
      group = { first: issue, lines: [], count: 0 };
      groups.push(group);
      if (byMessage === undefined) {
        byMessage = new Map();
        byPath.set(issue.path, byMessage);
      }
      byMessage.set(issue.message, group);
    }
    group.count += 1;
    if (issue.line !== undefined && group.lines.at(-1) !== issue.line) group.lines.push(issue.line);
  }
  return groups;
}

/** `3, 5, 8-12, 30`, at most MAX_LINE_RANGES ranges, then `… and N more`. */
export function lineRanges(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const line of sorted) {
    const last = ranges.at(-1);
    if (last !== undefined && line === last[1] + 1) last[1] = line;
    else ranges.push([line, line]);
  }
  const shown = ranges.slice(0, MAX_LINE_RANGES);
  const text = shown.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(", ");
  const listed = shown.reduce((total, [from, to]) => total + to - from + 1, 0);
  const more = sorted.length - listed;
  return more > 0 ? `${text}, … and ${formatCount(more)} more` : text;
}

/** Where an issue is: its path is a column when it has a line (a file), else a flag or field. */
function place(issue: FieldIssue): string {
  return issue.path === "" || issue.line === undefined ? issue.path : `column ${issue.path}`;
}

/** `line 42, column quantity: expected a number`, `--year: …`, or just the message. */
export function issueText(issue: FieldIssue): string {
  const where: string[] = [];
  if (issue.line !== undefined) where.push(`line ${issue.line}`);
  if (issue.path !== "") where.push(place(issue));
  return where.length === 0 ? issue.message : `${where.join(", ")}: ${issue.message}`;
}

function groupText(group: Group): string {
  if (group.lines.length <= 1) {
    const text = issueText(group.first);
    return group.count === 1 ? text : `${text} (${formatCount(group.count)} times)`;
  }
  const where = place(group.first);
  const prefix = where === "" ? "" : `${where}: `;
  return `${prefix}${group.first.message} (lines ${lineRanges(group.lines)})`;
}

export interface ProblemList {
  /** One line per distinct problem, at most `max`. */
  readonly lines: readonly string[];
  /** Problems of `total` the lines do not show. */
  readonly more: number;
}

/**
 * The first `max` distinct problems, each once with its lines. `total` counts problems beyond
 * those given (a report that keeps only the first thousand); it defaults to the ones given.
 */
export function problemLines(
  issues: readonly FieldIssue[],
  max: number,
  total: number = issues.length,
): ProblemList {
  const shown = groupsOf(issues, max);
  const counted = shown.reduce((sum, group) => sum + group.count, 0);
  return { lines: shown.map(groupText), more: Math.max(0, total - counted) };
}
