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
import type { Queryable } from "./transactions.js";

const COLUMNS = `id, action, actor, at, record_id, move_id, building_id, from_company_id,
  to_company_id, consumptions, emissions, awaiting_factor, record`;

/** COLUMNS' values, typed (a SELECT's list does not take them from the table); $8 is the company. */
const PLACEHOLDERS =
  "$1::uuid, $2, $3, $4, $5, $6::uuid, $7::uuid, $8::uuid, $9::uuid, $10::integer, $11::integer, $12::integer, $13::jsonb";

/** One audit record's columns, in COLUMNS' order. */
type Row = [
  string,
  string,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  number,
  number,
  number,
  string | null,
];

export class PostgresAudit implements AuditTable {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Appends rows in order: those of a stored company to its trail, the others to the shared one. */
  async #append(rows: readonly Row[]): Promise<void> {
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
    return this.#append([
      [
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
      ],
    ]);
  }

  appendMoves(records: readonly MoveAuditRecord[]): Promise<void> {
    return this.#append(
      records.map((record) => [
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
      ]),
    );
  }

  appendDeletions(records: readonly DeletionAuditRecord[]): Promise<void> {
    return this.#append(
      records.map((record) => [
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
      ]),
    );
  }
}
