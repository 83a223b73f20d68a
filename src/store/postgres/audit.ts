/**
 * The audit trail in PostgreSQL: a company's records in audit_log (a company table), what
 * concerns no stored company in account_audit_log (shared); one sequence orders both.
 */
import type {
  AuditRecord,
  DeletionAuditRecord,
  MoveAuditRecord,
  RecalculationAuditRecord,
  UserAuditRecord,
} from "../../core/model/audit.js";
import type { Page } from "../../core/model/common.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { AuditQuery } from "../../core/ports/audit.js";
import type { AuditTable } from "../../rules/store.js";
import {
  type AuditColumns,
  type AuditRow,
  auditRecordOf,
  deletionColumns,
  moveColumns,
  recalculationColumns,
  userChangeColumns,
} from "../audit-columns.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const COLUMNS = `id, action, actor, at, record_id, move_id, building_id, from_company_id,
  to_company_id, consumptions, emissions, awaiting_factor, record`;

/** The records as arrays, a column each, in COLUMNS' order, numbered in their order (n). */
const RECORDS = `unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[],
  $7::uuid[], $8::uuid[], $9::uuid[], $10::integer[], $11::integer[], $12::integer[], $13::json[])
  WITH ORDINALITY AS k (${COLUMNS}, n)`;

export class PostgresAudit implements AuditTable {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /**
   * Appends the records in order, a statement for all of them: those of a stored company to its
   * trail, the others to the shared one.
   */
  async #append(rows: readonly AuditColumns[]): Promise<void> {
    if (rows.length === 0) return;
    const params = Array.from({ length: 13 }, (_, column) => rows.map((row) => row[column]));
    const columns = COLUMNS.split(",")
      .map((column) => `k.${column.trim()}`)
      .join(", ");
    await this.#db.query(
      `INSERT INTO audit_log (company_ref, ${COLUMNS})
       SELECT c.ref, ${columns} FROM ${RECORDS}
       JOIN companies c ON c.id = k.from_company_id ORDER BY k.n`,
      params,
    );
    await this.#db.query(
      `INSERT INTO account_audit_log (${COLUMNS})
       SELECT ${columns} FROM ${RECORDS}
       WHERE NOT EXISTS (SELECT 1 FROM companies c WHERE c.id = k.from_company_id) ORDER BY k.n`,
      params,
    );
  }

  appendUserChange(record: UserAuditRecord): Promise<void> {
    return this.#append([userChangeColumns(record)]);
  }

  appendMoves(records: readonly MoveAuditRecord[]): Promise<void> {
    return this.#append(records.map(moveColumns));
  }

  appendDeletions(records: readonly DeletionAuditRecord[]): Promise<void> {
    return this.#append(records.map(deletionColumns));
  }

  appendRecalculation(
    record: Omit<RecalculationAuditRecord, "recordId" | "buildingId">,
  ): Promise<void> {
    return this.#append([recalculationColumns(record)]);
  }

  /**
   * Newest first, from both trails (one sequence orders them); a company's records are those
   * it moved from or to, a building's those naming it.
   */
  async list(query: AuditQuery): Promise<Page<AuditRecord>> {
    const window = pageWindow(query);
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (query.companyIds !== undefined) {
      params.push(uuidsOf(query.companyIds));
      clauses.push(
        `(from_company_id = ANY($${params.length}::uuid[]) OR to_company_id = ANY($${params.length}::uuid[]))`,
      );
    }
    if (query.buildingId !== undefined) {
      params.push(uuidsOf([query.buildingId])[0] ?? null);
      clauses.push(`building_id = $${params.length}::uuid`);
    }
    const where = clauses.length === 0 ? "" : `WHERE ${clauses.join(" AND ")}`;
    const both = `(SELECT seq, ${COLUMNS} FROM audit_log UNION ALL
      SELECT seq, ${COLUMNS} FROM account_audit_log) a ${where}`;
    const rows = await this.#db.query<AuditRow>(
      `SELECT * FROM ${both} ORDER BY seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, window.limit, window.offset],
    );
    const count = await this.#db.query<{ count: number }>(
      `SELECT count(*)::integer AS count FROM ${both}`,
      params,
    );
    return pageOf(rows.rows.map(auditRecordOf), window, count.rows[0]?.count ?? 0);
  }
}
