/**
 * The audit trail in PostgreSQL: a company's records in audit_log (a company table), what
 * concerns no stored company in account_audit_log (shared); one sequence orders both.
 */
import type {
  DeletionAuditRecord,
  MoveAuditRecord,
  UserAuditRecord,
} from "../../core/model/audit.js";
import type { AuditTable } from "../../rules/store.js";
import {
  type AuditColumns,
  deletionColumns,
  moveColumns,
  userChangeColumns,
} from "../audit-columns.js";
import type { Queryable } from "./transactions.js";

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
}
