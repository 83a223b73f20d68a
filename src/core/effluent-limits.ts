/**
 * How a measured effluent value is held against its building's limit (docs/effluents.md): the
 * one home of the rule, used by the local engine, by the remote engine when a server does not
 * flag its records, and by the summary.
 */
import type { Effluent } from "./model/effluent.js";

/** The terms of a limit record a sample is compared with. */
export interface LimitTerms {
  readonly id: string;
  readonly value: number;
  /** A pH limit's lower bound, else null. */
  readonly minValue: number | null;
}

/** The flag fields of a record (docs/effluents.md). */
export interface LimitFlags {
  readonly limitId: string | null;
  readonly limitValue: number | null;
  readonly limitMinValue: number | null;
  readonly exceedsLimit: boolean | null;
}

const NO_FLAGS: LimitFlags = {
  limitId: null,
  limitValue: null,
  limitMinValue: null,
  exceedsLimit: null,
};

/**
 * How far a value lies outside its limit, in the parameter's unit: above the maximum by
 * `value − max`, below a minimum by `min − value`; zero or negative inside it (the margin).
 */
export function excessOver(value: number, limit: Pick<LimitTerms, "value" | "minValue">): number {
  const above = value - limit.value;
  return limit.minValue === null ? above : Math.max(above, limit.minValue - value);
}

/** True above the limit's value or below its minimum; a value on the limit does not exceed it. */
export function exceedsLimit(
  value: number,
  limit: Pick<LimitTerms, "value" | "minValue">,
): boolean {
  return excessOver(value, limit) > 0;
}

/** The key a limit applies at: one building, parameter and year. */
export function limitKey(buildingId: string, parameter: string, year: number): string {
  return `${buildingId.toLowerCase()}|${parameter}|${year}`;
}

/** A record's flags against the limit that applies to it (quality records only). */
export function flagsOf(record: Effluent, limit: LimitTerms | undefined): LimitFlags {
  if (record.type !== "quality" || limit === undefined || record.value === null) return NO_FLAGS;
  return {
    limitId: limit.id,
    limitValue: limit.value,
    limitMinValue: limit.minValue,
    exceedsLimit: exceedsLimit(record.value, limit),
  };
}

/** The limit records among `records`, by the key they apply at (the first of a key wins). */
export function limitsByKey(records: readonly Effluent[]): Map<string, LimitTerms> {
  const limits = new Map<string, LimitTerms>();
  for (const record of records) {
    if (record.type !== "limit" || record.value === null) continue;
    if (record.buildingId === null || record.parameter === null || record.year === null) continue;
    const key = limitKey(record.buildingId, record.parameter, record.year);
    if (!limits.has(key)) {
      limits.set(key, { id: record.id, value: record.value, minValue: record.minValue });
    }
  }
  return limits;
}

/** The limit that applies to a record, if it is a quality record with one. */
export function limitFor(
  record: Effluent,
  limits: ReadonlyMap<string, LimitTerms>,
): LimitTerms | undefined {
  if (record.type !== "quality") return undefined;
  if (record.buildingId === null || record.parameter === null || record.year === null) {
    return undefined;
  }
  return limits.get(limitKey(record.buildingId, record.parameter, record.year));
}

/** Each record with its flags against `limits` (limit records of the same company). */
export function flagEffluents(
  records: readonly Effluent[],
  limits: readonly Effluent[],
): Effluent[] {
  const byKey = limitsByKey(limits);
  return records.map((record) => ({ ...record, ...flagsOf(record, limitFor(record, byKey)) }));
}
