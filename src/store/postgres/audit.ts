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

/** COLUMNS' values, typed (a SELECT's list does not take them from the table); $8 is the company. */
const PLACEHOLDERS =
  "$1::uuid, $2, $3, $4, $5, $6::uuid, $7::uuid, $8::uuid, $9::uuid, $10::integer, $11::integer, $12::integer, $13::json";

export class PostgresAudit implements AuditTable {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Appends rows in order: those of a stored company to its trail, the others to the shared one. */
  async #append(rows: readonly AuditColumns[]): Promise<void> {
    for (const row of rows) {
      const company = row[7];
      const params = [...row];
      const inserted =
        company === null
          ? { rowCount: 0 }
          : await this.#db.query(
              `INSERT INTO audit_log (company_ref, ${COLUMNS})
               SELECT ref, ${PLACEHOLDERS} FROM companies WHERE id = $8::uuid`,
              params,
            );
      if (inserted.rowCount === 0) {
        await this.#db.query(
          `INSERT INTO account_audit_log (${COLUMNS}) VALUES (${PLACEHOLDERS})`,
          params,
        );
      }
    }
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
