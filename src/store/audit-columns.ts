/**
 * An audit record as both stores write it: the columns of audit_log, in this order (id, action,
 * actor, at, record_id, move_id, building_id, from_company_id, to_company_id, consumptions,
 * emissions, awaiting_factor, record). Who holds no company has from_company_id null.
 */
import {
  type AuditRecord,
  type DeletionAuditRecord,
  deletionActions,
  type MoveAuditRecord,
  type RecalculationAuditRecord,
  type UserAuditRecord,
  userActions,
} from "../core/model/audit.js";

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

export function recalculationColumns(
  record: Omit<RecalculationAuditRecord, "recordId" | "buildingId">,
): AuditColumns {
  return [
    record.id,
    record.action,
    record.actor,
    record.at,
    record.companyId,
    null,
    null,
    record.companyId,
    null,
    record.consumptions,
    record.emissions,
    record.awaitingFactor,
    JSON.stringify(record.record),
  ];
}

/** An audit_log row as both stores select it (SELECT_AUDIT); PostgreSQL parses `record` itself. */
export interface AuditRow {
  seq: number;
  id: string;
  action: string;
  actor: string;
  at: string;
  record_id: string;
  move_id: string | null;
  building_id: string | null;
  from_company_id: string;
  to_company_id: string | null;
  consumptions: number;
  emissions: number;
  awaiting_factor: number;
  record: string | Record<string, unknown> | null;
}

function recordOf(stored: AuditRow["record"]): Record<string, unknown> {
  const value: unknown =
    stored === null ? {} : typeof stored === "string" ? JSON.parse(stored) : stored;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value));
}

export function auditRecordOf(row: AuditRow): AuditRecord {
  const counts = {
    consumptions: row.consumptions,
    emissions: row.emissions,
    awaitingFactor: row.awaiting_factor,
  };
  if (row.action === "emissions.recalculate") {
    return {
      id: row.id,
      action: "emissions.recalculate",
      actor: row.actor,
      at: row.at,
      recordId: row.record_id,
      companyId: row.from_company_id,
      buildingId: null,
      ...counts,
      record: recordOf(row.record),
    };
  }
  const userAction = userActions.find((candidate) => candidate === row.action);
  if (userAction !== undefined) {
    return {
      id: row.id,
      action: userAction,
      actor: row.actor,
      at: row.at,
      recordId: row.record_id,
      companyId: row.from_company_id === "" ? null : row.from_company_id,
      buildingId: null,
      ...counts,
      record: recordOf(row.record),
    };
  }
  const action = deletionActions.find((candidate) => candidate === row.action);
  if (action === undefined) {
    return {
      id: row.id,
      moveId: row.move_id ?? "",
      action: "buildings.move",
      actor: row.actor,
      at: row.at,
      buildingId: row.building_id ?? row.record_id,
      fromCompanyId: row.from_company_id,
      toCompanyId: row.to_company_id ?? "",
      ...counts,
    };
  }
  return {
    id: row.id,
    action,
    actor: row.actor,
    at: row.at,
    recordId: row.record_id,
    companyId: row.from_company_id,
    buildingId: row.building_id,
    ...counts,
    record: recordOf(row.record),
  };
}
