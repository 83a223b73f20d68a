/**
 * The effluent summary of a company (docs/effluents.md): per building and parameter, the samples
 * measured, how many exceeded their limit, and the worst one against its limit.
 */
import { excessOver, limitFor, limitsByKey } from "./effluent-limits.js";
import { type Effluent, effluentParameterOf, effluentParameters } from "./model/effluent.js";

export interface EffluentSummaryRow {
  readonly buildingId: string;
  readonly parameter: string;
  readonly unit: string | null;
  /** Quality records of the building and parameter. */
  readonly samples: number;
  /** Samples of a year without a limit for the parameter: not compared. */
  readonly withoutLimit: number;
  /** Samples above their limit (or below a pH minimum). */
  readonly exceedances: number;
  /** The sample furthest outside its limit (or closest to it); null when none had a limit. */
  readonly worstValue: number | null;
  readonly worstSampledAt: string | null;
  readonly worstLimitValue: number | null;
  readonly worstLimitMinValue: number | null;
  /** `worstValue` outside its limit by this much (≤ 0: within it, by that margin). */
  readonly worstExcess: number | null;
}

interface Group {
  buildingId: string;
  parameter: string;
  samples: number;
  withoutLimit: number;
  exceedances: number;
  worst: Effluent | undefined;
  worstExcess: number;
  worstLimitValue: number | null;
  worstLimitMinValue: number | null;
}

/** Earlier sample first, then id: which of two equally bad samples is named. */
function before(a: Effluent, b: Effluent): boolean {
  const dateA = a.sampledAt ?? "";
  const dateB = b.sampledAt ?? "";
  return dateA !== dateB ? dateA < dateB : a.id < b.id;
}

/**
 * The summary of a company's records (limits and quality records, of one year or several), in
 * (building id, parameter) order. A sample is held against its building's limit for its
 * parameter and year; records missing a building, parameter, value or year are left out.
 */
export function summarizeEffluents(records: readonly Effluent[]): EffluentSummaryRow[] {
  const limits = limitsByKey(records);
  const groups = new Map<string, Group>();
  for (const record of records) {
    if (record.type !== "quality" || record.value === null || record.year === null) continue;
    if (record.buildingId === null || record.parameter === null) continue;
    const buildingId = record.buildingId.toLowerCase();
    const key = `${buildingId}|${record.parameter}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        buildingId,
        parameter: record.parameter,
        samples: 0,
        withoutLimit: 0,
        exceedances: 0,
        worst: undefined,
        worstExcess: 0,
        worstLimitValue: null,
        worstLimitMinValue: null,
      };
      groups.set(key, group);
    }
    group.samples += 1;
    const limit = limitFor(record, limits);
    if (limit === undefined) {
      group.withoutLimit += 1;
      continue;
    }
    const excess = excessOver(record.value, limit);
    if (excess > 0) group.exceedances += 1;
    const worse =
      group.worst === undefined ||
      excess > group.worstExcess ||
      (excess === group.worstExcess && before(record, group.worst));
    if (worse) {
      group.worst = record;
      group.worstExcess = excess;
      group.worstLimitValue = limit.value;
      group.worstLimitMinValue = limit.minValue;
    }
  }
  return [...groups.values()]
    .sort((a, b) =>
      a.buildingId !== b.buildingId
        ? a.buildingId < b.buildingId
          ? -1
          : 1
        : a.parameter < b.parameter
          ? -1
          : a.parameter > b.parameter
            ? 1
            : 0,
    )
    .map((group) => {
      const parameter = effluentParameterOf(group.parameter);
      return {
        buildingId: group.buildingId,
        parameter: group.parameter,
        unit: parameter === undefined ? null : effluentParameters[parameter],
        samples: group.samples,
        withoutLimit: group.withoutLimit,
        exceedances: group.exceedances,
        worstValue: group.worst?.value ?? null,
        worstSampledAt: group.worst?.sampledAt ?? null,
        worstLimitValue: group.worstLimitValue,
        worstLimitMinValue: group.worstLimitMinValue,
        worstExcess: group.worst === undefined ? null : group.worstExcess,
      };
    });
}
