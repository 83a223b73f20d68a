import type { AuditRecord } from "../../../core/model/building-move.js";
import type { Column } from "../../output/format.js";

export const auditColumns: readonly Column<AuditRecord>[] = [
  { header: "at", value: (record) => record.at },
  { header: "actor", value: (record) => record.actor },
  { header: "action", value: (record) => record.action },
  { header: "buildingId", value: (record) => record.buildingId },
  { header: "fromCompanyId", value: (record) => record.fromCompanyId },
  { header: "toCompanyId", value: (record) => record.toCompanyId },
  { header: "consumptions", value: (record) => record.consumptions },
  { header: "emissions", value: (record) => record.emissions },
  { header: "awaitingFactor", value: (record) => record.awaitingFactor },
  { header: "moveId", value: (record) => record.moveId },
  { header: "id", value: (record) => record.id },
];
