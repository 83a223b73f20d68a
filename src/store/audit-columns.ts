/**
 * An audit record as both stores write it: the columns of audit_log, in this order (id, action,
 * actor, at, record_id, move_id, building_id, from_company_id, to_company_id, consumptions,
 * emissions, awaiting_factor, record). Who holds no company has from_company_id null.
 */
import type { DeletionAuditRecord, MoveAuditRecord, UserAuditRecord } from "../core/model/audit.js";

export type AuditColumns = [
  id: string,
  action: string,
  actor: string,
  at: string,
  recordId: string,
  moveId: string | null,
  buildingId: string | null,
  fromCompanyId: string | null,
  toCompanyId: string | null,
  consumptions: number,
  emissions: number,
  awaitingFactor: number,
  record: string | null,
];

export function moveColumns(record: MoveAuditRecord): AuditColumns {
  return [
    record.id,
    record.action,
    record.actor,
    record.at,
    record.buildingId,
    record.moveId,
    record.buildingId,
    record.fromCompanyId,
    record.toCompanyId,
    record.consumptions,
    record.emissions,
    record.awaitingFactor,
    null,
  ];
}

export function deletionColumns(record: DeletionAuditRecord): AuditColumns {
  return [
    record.id,
    record.action,
    record.actor,
    record.at,
    record.recordId,
    null,
    record.buildingId,
    record.companyId,
    null,
    record.consumptions,
    record.emissions,
    record.awaitingFactor,
    JSON.stringify(record.record),
  ];
}

export function userChangeColumns(record: UserAuditRecord): AuditColumns {
  return [
    record.id,
    record.action,
    record.actor,
    record.at,
    record.recordId,
    null,
    null,
    record.companyId,
    null,
    0,
    0,
    0,
    JSON.stringify(record.record),
  ];
}
