/**
 * Flags shared by the consumptions and emissions commands: the period filter (company,
 * building, from, to), scopes and group keys. Loaded by `run*` with `await import(...)`.
 */
import { CarbonError } from "../../../core/errors.js";
import type { Scope } from "../../../core/model/common.js";
import { type GroupKey, groupKeys } from "../../../core/model/emission.js";
import { isCalendarDate, yearProblem } from "../../../core/model/text-values.js";
import type { EmissionFilter, PeriodFilter } from "../../../core/service.js";
import { parseUuid, parseYear } from "../../flags.js";

export interface PeriodFlags {
  readonly company?: string;
  readonly building?: string;
  readonly from?: string;
  readonly to?: string;
}

export interface EmissionFilterFlags extends PeriodFlags {
  readonly scope?: string;
}

/** A calendar date `YYYY-MM-DD` that exists (no 2024-02-30), in the years 1900 to 2100. */
export function parseDate(flag: string, value: string): string {
  const text = value.trim();
  const problem = isCalendarDate(text)
    ? yearProblem(text)
    : "expected a date YYYY-MM-DD such as 2024-01-31";
  if (problem !== undefined)
    throw new CarbonError("usage", `invalid ${flag} "${value}": ${problem}`);
  return text;
}

/** --company, --building, --from, --to; --from after --to is a usage error. */
export function parsePeriod(flags: PeriodFlags): PeriodFilter {
  const from = flags.from === undefined ? undefined : parseDate("--from", flags.from);
  const to = flags.to === undefined ? undefined : parseDate("--to", flags.to);
  if (from !== undefined && to !== undefined && from > to) {
    throw new CarbonError("usage", `--from ${from} is after --to ${to}`);
  }
  return {
    ...(flags.company === undefined ? {} : { companyId: parseUuid("--company", flags.company) }),
    ...(flags.building === undefined
      ? {}
      : { buildingId: parseUuid("--building", flags.building) }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
}

/** `1,3` -> [1, 3] (sorted, without repeats). */
export function parseScopes(value: string): Scope[] {
  const scopes = new Set<Scope>();
  for (const part of value.split(",")) {
    const text = part.trim();
    if (text === "1" || text === "2" || text === "3") {
      scopes.add(text === "1" ? 1 : text === "2" ? 2 : 3);
      continue;
    }
    throw new CarbonError(
      "usage",
      `invalid --scope "${value}": expected scopes 1, 2 or 3 separated by commas, such as 1,2`,
    );
  }
  return [...scopes].sort();
}

export function parseEmissionFilter(flags: EmissionFilterFlags): EmissionFilter {
  const period = parsePeriod(flags);
  return flags.scope === undefined ? period : { ...period, scopes: parseScopes(flags.scope) };
}

/** `month,scope` -> ["month", "scope"]; each key once, in the order given. */
export function parseGroupBy(value: string): GroupKey[] {
  const keys: GroupKey[] = [];
  for (const part of value.split(",")) {
    const key = groupKeys.find((candidate) => candidate === part.trim());
    if (key === undefined) {
      throw new CarbonError(
        "usage",
        `invalid --group-by "${value}": expected keys among ${groupKeys.join(", ")} separated by commas, such as month,scope`,
      );
    }
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** --year Y as the period Y-01-01..Y-12-31 (with --company/--building); no --year: all time. */
export function parseYearPeriod(flags: {
  readonly company?: string;
  readonly building?: string;
  readonly year?: string;
}): { readonly period: PeriodFilter; readonly year: number | undefined } {
  const year = flags.year === undefined ? undefined : parseYear("--year", flags.year);
  const period = parsePeriod({
    ...(flags.company === undefined ? {} : { company: flags.company }),
    ...(flags.building === undefined ? {} : { building: flags.building }),
  });
  if (year === undefined) return { period, year };
  const y = String(year).padStart(4, "0");
  return { period: { ...period, from: `${y}-01-01`, to: `${y}-12-31` }, year };
}
