import type { AuditRecord } from "../../../core/model/audit.js";
import type { Column } from "../../output/format.js";

/** A deletion has no target company and no move: its company shows as `fromCompanyId`. */
export const auditColumns: readonly Column<AuditRecord>[] = [
  { header: "at", value: (record) => record.at },
  { header: "actor", value: (record) => record.actor },
  { header: "action", value: (record) => record.action },
  { header: "buildingId", value: (record) => record.buildingId ?? "" },
  {
    header: "fromCompanyId",
    value: (record) => ("fromCompanyId" in record ? record.fromCompanyId : record.companyId),
  },
  { header: "toCompanyId", value: (record) => ("toCompanyId" in record ? record.toCompanyId : "") },
  { header: "consumptions", value: (record) => record.consumptions },
  { header: "emissions", value: (record) => record.emissions },
  { header: "awaitingFactor", value: (record) => record.awaitingFactor },
  { header: "moveId", value: (record) => ("moveId" in record ? record.moveId : "") },
  { header: "id", value: (record) => record.id },
  {
    header: "recordId",
    value: (record) => ("recordId" in record ? record.recordId : record.buildingId),
  },
];
