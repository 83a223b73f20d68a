/**
 * The audit trail: one row per building moved (`carbon buildings move`), read by `carbon audit
 * list`. Ids are stored as text, not refs: a record says what happened even after the
 * companies and buildings it names change again.
 */
import type { AuditQuery, AuditRecord } from "../../core/model/building-move.js";
import type { Page } from "../../core/model/common.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { pageOf, pageWindow } from "./pagination.js";

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

const SELECT = `SELECT seq, id, move_id, actor, at, building_id, from_company_id, to_company_id,
    consumptions, emissions, awaiting_factor
  FROM audit_log`;

interface AuditRow {
  seq: number;
  id: string;
  move_id: string;
  actor: string;
  at: string;
  building_id: string;
  from_company_id: string;
  to_company_id: string;
  consumptions: number;
  emissions: number;
  awaiting_factor: number;
}

function fromRow(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    moveId: row.move_id,
    action: "buildings.move",
    actor: row.actor,
    at: row.at,
    buildingId: row.building_id,
    fromCompanyId: row.from_company_id,
    toCompanyId: row.to_company_id,
    consumptions: row.consumptions,
    emissions: row.emissions,
    awaitingFactor: row.awaiting_factor,
  };
}

export class AuditLog {
  readonly #db: Db;
  readonly #insert;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO audit_log (id, move_id, action, actor, at, building_id, from_company_id,
         to_company_id, consumptions, emissions, awaiting_factor)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** Inside the caller's transaction. */
  append(record: AuditRecord): void {
    this.#insert.run(
      record.id,
      record.moveId,
      record.action,
      record.actor,
      record.at,
      record.buildingId,
      record.fromCompanyId,
      record.toCompanyId,
      record.consumptions,
      record.emissions,
      record.awaitingFactor,
    );
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
    return pageOf(rows.map(fromRow), window, total ?? 0);
  }

  /** What `list` pages, newest first, for keyset pages (seq, or audit_log_by_building). */
  keyset(query: Omit<AuditQuery, "page" | "limit">): Keyset<AuditRow, AuditRecord> {
    return {
      select: SELECT,
      ...this.#where(query),
      order: ["seq"],
      descending: true,
      key: (row) => [row.seq],
      decode: fromRow,
    };
  }
}
