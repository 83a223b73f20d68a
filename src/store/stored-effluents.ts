/**
 * An effluent record as both stores read it back: its columns, and its building's limit of the
 * same parameter and year joined to a quality sample (whether the sample exceeds it).
 */
import { exceedsLimit } from "../core/effluent-limits.js";
import type { Effluent } from "../core/model/effluent.js";

/** The columns of a record and of the limit joined to it, numbers already numbers. */
export interface StoredEffluentColumns {
  readonly id: string;
  readonly company_id: string;
  readonly building_id: string;
  readonly type: "limit" | "quality";
  readonly parameter: string;
  readonly value: number;
  readonly unit: string;
  readonly year: number;
  /** '' for a limit (the list order's key never holds a NULL). */
  readonly sampled_at: string;
  readonly min_value: number | null;
  readonly discharge_point: string | null;
  readonly notes: string | null;
  readonly limit_id: string | null;
  readonly limit_value: number | null;
  readonly limit_min_value: number | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export function effluentOf(row: StoredEffluentColumns): Effluent {
  const limit =
    row.limit_value === null
      ? undefined
      : { value: row.limit_value, minValue: row.limit_min_value };
  return {
    id: row.id,
    companyId: row.company_id,
    buildingId: row.building_id,
    type: row.type,
    parameter: row.parameter,
    value: row.value,
    unit: row.unit,
    year: row.year,
    sampledAt: row.sampled_at === "" ? null : row.sampled_at,
    minValue: row.min_value,
    dischargePoint: row.discharge_point,
    notes: row.notes,
    limitId: row.limit_id,
    limitValue: row.limit_value,
    limitMinValue: row.limit_min_value,
    exceedsLimit: limit === undefined ? null : exceedsLimit(row.value, limit),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
