/**
 * The audit trail: one row per building moved (`carbon buildings move`), one per record
 * deleted (`carbon … delete`, a removal over HTTP, an import's --replace-overlapping) and one per
 * change to a user's account (docs/users.md), read by
 * `carbon audit list`. Ids are stored as text, not refs: a record says what happened even after
 * the companies and buildings it names change again, or are gone.
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
  type AuditRow,
  auditRecordOf,
  deletionColumns,
  moveColumns,
  recalculationColumns,
  userChangeColumns,
} from "../audit-columns.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { lazy } from "./lazy.js";

/** Migration 6. */
export const SCHEMA_AUDIT = `
CREATE TABLE audit_log (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  move_id TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('buildings.move')),
  actor TEXT NOT NULL,
  at TEXT NOT NULL,
  building_id TEXT NOT NULL,
  from_company_id TEXT NOT NULL,
  to_company_id TEXT NOT NULL,
  consumptions INTEGER NOT NULL,
  emissions INTEGER NOT NULL,
  awaiting_factor INTEGER NOT NULL
);
CREATE INDEX audit_log_by_building ON audit_log (building_id, seq);
`;

/**
 * Migration 9: deletions join the trail. SQLite cannot relax a CHECK or a NOT NULL in place, so
 * the table is rebuilt with the moves it holds: `record_id` is what the action was about (the
 * moved building, the deleted record), `from_company_id` the company it belonged to, `record`
 * the deleted record as JSON; a deletion has no move id and no target company.
 */
export function auditDeletions(db: Db): void {
  db.exec(`
CREATE TABLE audit_log_v9 (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  action TEXT NOT NULL,
  actor TEXT NOT NULL,
  at TEXT NOT NULL,
  record_id TEXT NOT NULL,
  move_id TEXT,
  building_id TEXT,
  from_company_id TEXT NOT NULL,
  to_company_id TEXT,
  consumptions INTEGER NOT NULL,
  emissions INTEGER NOT NULL,
  awaiting_factor INTEGER NOT NULL,
  record TEXT
);
INSERT INTO audit_log_v9 (seq, id, action, actor, at, record_id, move_id, building_id,
    from_company_id, to_company_id, consumptions, emissions, awaiting_factor, record)
  SELECT seq, id, action, actor, at, building_id, move_id, building_id, from_company_id,
    to_company_id, consumptions, emissions, awaiting_factor, NULL
    FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_v9 RENAME TO audit_log;
CREATE INDEX audit_log_by_building ON audit_log (building_id, seq);
`);
}

const SELECT = `SELECT seq, id, action, actor, at, record_id, move_id, building_id,
    from_company_id, to_company_id, consumptions, emissions, awaiting_factor, record
  FROM audit_log`;

export class AuditLog implements AuditTable {
  readonly #db: Db;
  readonly #insert;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = lazy(() =>
      db.prepare(
        `INSERT INTO audit_log (id, action, actor, at, record_id, move_id, building_id,
         from_company_id, to_company_id, consumptions, emissions, awaiting_factor, record)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    );
  }

  /** A building moved; inside the caller's transaction. */
  append(record: MoveAuditRecord): void {
    this.#insert().run(...moveColumns(record));
  }

  /** Buildings moved, in order; inside the caller's transaction. */
  appendMoves(records: readonly MoveAuditRecord[]): void {
    for (const record of records) this.append(record);
  }

  /** Records deleted, one row each, in order; inside the caller's transaction. */
  appendDeletions(records: readonly DeletionAuditRecord[]): void {
    const insert = this.#insert();
    for (const record of records) insert.run(...deletionColumns(record));
  }

  /** An account changed; inside the caller's transaction (no company: stored as ""). */
  appendUserChange(record: UserAuditRecord): void {
    const columns = userChangeColumns(record);
    columns[7] ??= "";
    this.#insert().run(...columns);
  }

  /** A company's emissions recalculated; inside the caller's transaction. */
  appendRecalculation(record: Omit<RecalculationAuditRecord, "recordId" | "buildingId">): void {
    this.#insert().run(...recalculationColumns(record));
  }

  /** The clauses of a query's company and building filters, and their parameters. */
  #where(query: Omit<AuditQuery, "page" | "limit">): { where: string[]; params: SqlValue[] } {
    const clauses: string[] = [];
    const params: string[] = [];
    const companies = (query.companyIds ?? []).map((id) => id.toLowerCase());
    if (query.companyIds !== undefined) {
      const marks = companies.map(() => "?").join(", ");
      clauses.push(`(from_company_id IN (${marks}) OR to_company_id IN (${marks}))`);
      params.push(...companies, ...companies);
    }
    if (query.buildingId !== undefined) {
      clauses.push("building_id = ?");
      params.push(query.buildingId.toLowerCase());
    }
    return { where: clauses, params };
  }

  /** Newest first (the order they were written). */
  list(query: AuditQuery): Page<AuditRecord> {
    const window = pageWindow(query);
    const { where: clauses, params } = this.#where(query);
    const where = clauses.length === 0 ? "" : `WHERE ${clauses.join(" AND ")}`;
    const rows = this.#db
      .prepare<unknown[], AuditRow>(`${SELECT} ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`)
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<unknown[], number>(`SELECT count(*) FROM audit_log ${where}`)
      .pluck()
      .get(...params);
    return pageOf(rows.map(auditRecordOf), window, total ?? 0);
  }

  /** What `list` pages, newest first, for keyset pages (seq, or audit_log_by_building). */
  keyset(query: Omit<AuditQuery, "page" | "limit">): Keyset<AuditRow, AuditRecord> {
    return {
      select: SELECT,
      ...this.#where(query),
      order: ["seq"],
      descending: true,
      key: (row) => [row.seq],
      decode: auditRecordOf,
    };
  }
}
