import type { EffluentSummaryRow } from "../../../core/effluent-summary.js";
import type { Effluent } from "../../../core/model/effluent.js";
import type { Column } from "../../output/format.js";

/** A limit as one cell: `125`, or a pH range `6-9`. */
function limitText(max: number | null | undefined, min: number | null | undefined): string | null {
  if (max === null || max === undefined) return null;
  return min === null || min === undefined ? String(max) : `${min}-${max}`;
}

function yesNo(value: boolean | null | undefined): string | null {
  return value === null || value === undefined ? null : value ? "yes" : "no";
}

export const effluentColumns: readonly Column<Effluent>[] = [
  { header: "id", value: (record) => record.id },
  { header: "type", value: (record) => record.type },
  { header: "parameter", value: (record) => record.parameter },
  { header: "value", value: (record) => record.value, align: "right" },
  { header: "unit", value: (record) => record.unit },
  { header: "year", value: (record) => record.year },
  { header: "sampledAt", value: (record) => record.sampledAt },
  { header: "minValue", value: (record) => record.minValue, align: "right" },
  { header: "limit", value: (r) => limitText(r.limitValue, r.limitMinValue), align: "right" },
  { header: "exceedsLimit", value: (record) => yesNo(record.exceedsLimit) },
  { header: "buildingId", value: (record) => record.buildingId },
  { header: "dischargePoint", value: (record) => record.dischargePoint },
  { header: "notes", value: (record) => record.notes },
  { header: "updatedAt", value: (record) => record.updatedAt },
];

export const effluentSummaryColumns: readonly Column<EffluentSummaryRow>[] = [
  { header: "buildingId", value: (row) => row.buildingId },
  { header: "parameter", value: (row) => row.parameter },
  { header: "unit", value: (row) => row.unit },
  { header: "samples", value: (row) => row.samples, align: "right" },
  { header: "exceedances", value: (row) => row.exceedances, align: "right" },
  { header: "worstValue", value: (row) => row.worstValue, align: "right" },
  {
    header: "limit",
    value: (row) => limitText(row.worstLimitValue, row.worstLimitMinValue),
    align: "right",
  },
  { header: "worstExcess", value: (row) => row.worstExcess, align: "right" },
  { header: "worstSampledAt", value: (row) => row.worstSampledAt },
  { header: "withoutLimit", value: (row) => row.withoutLimit, align: "right" },
];
