/**
 * Flags shared by the consumptions and emissions commands: the period filter (company,
 * building, from, to), scopes and group keys. Loaded by `run*` with `await import(...)`.
 */
import { CarbonError } from "../../../core/errors.js";
import type { Scope } from "../../../core/model/common.js";
import { type GroupKey, groupKeys } from "../../../core/model/emission.js";
import { isCalendarDate, yearProblem } from "../../../core/model/text-values.js";
import type { PeriodFilter } from "../../../core/ports/consumptions.js";
import type { EmissionFilter } from "../../../core/ports/emissions.js";
import { parseYear } from "../../flags.js";
import type { IdResolver } from "../../id-resolver.js";

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

/**
 * --company, --building (ids or names, the building's within --company), --from, --to; --from
 * after --to is a usage error, found before any name is looked up.
 */
export async function parsePeriod(flags: PeriodFlags, ids: IdResolver): Promise<PeriodFilter> {
  const from = flags.from === undefined ? undefined : parseDate("--from", flags.from);
  const to = flags.to === undefined ? undefined : parseDate("--to", flags.to);
  if (from !== undefined && to !== undefined && from > to) {
    throw new CarbonError("usage", `--from ${from} is after --to ${to}`);
  }
  const companyId =
    flags.company === undefined ? undefined : await ids.company("--company", flags.company);
  const buildingId =
    flags.building === undefined
      ? undefined
      : await ids.building("--building", flags.building, companyId);
  return {
    ...(companyId === undefined ? {} : { companyId }),
    ...(buildingId === undefined ? {} : { buildingId }),
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

export async function parseEmissionFilter(
  flags: EmissionFilterFlags,
  ids: IdResolver,
): Promise<EmissionFilter> {
  const scopes = flags.scope === undefined ? undefined : parseScopes(flags.scope);
  const period = await parsePeriod(flags, ids);
  return scopes === undefined ? period : { ...period, scopes };
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
export async function parseYearPeriod(
  flags: {
    readonly company?: string;
    readonly building?: string;
    readonly year?: string;
  },
  ids: IdResolver,
): Promise<{ readonly period: PeriodFilter; readonly year: number | undefined }> {
  const year = flags.year === undefined ? undefined : parseYear("--year", flags.year);
  const period = await parsePeriod(
    {
      ...(flags.company === undefined ? {} : { company: flags.company }),
      ...(flags.building === undefined ? {} : { building: flags.building }),
    },
    ids,
  );
  if (year === undefined) return { period, year };
  const y = String(year).padStart(4, "0");
  return { period: { ...period, from: `${y}-01-01`, to: `${y}-12-31` }, year };
}
