/** GLEC service footprint entries in SQLite (tables of glec-schema.ts), each with its legs. */
import type { Page } from "../../core/model/common.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { GlecFilter, GlecQuery } from "../../core/ports/glec.js";
import type { GlecEntryRecord, GlecTable, StoredGlecEntry } from "../../rules/store.js";
import { type GlecEntryColumns, glecEntryOf } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { lazy } from "./lazy.js";

type EntryRow = GlecEntryColumns;

interface LegRow {
  action: string;
  result: string;
}

const SELECT = `SELECT e.ref, e.id, c.id AS company_id, e.company_ref, e.client_id, e.start_date,
    e.end_date, e.external_id, e.from_place, e.to_place, e.tonne_km, e.ttw, e.wtt, e.wtw,
    e.created_at, e.updated_at
  FROM glec_entries e JOIN companies c ON c.ref = e.company_ref`;
const ORDER = "ORDER BY e.start_date, e.id";

export class GlecRepository implements GlecTable {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #byId;
  readonly #legs;
  readonly #insert;
  readonly #update;
  readonly #deleteLegs;
  readonly #insertLeg;
  readonly #delete;

  constructor(db: Db, companies: CompanyRepository) {
    this.#db = db;
    this.#companies = companies;
    this.#byId = lazy(() => db.prepare<[string], EntryRow>(`${SELECT} WHERE e.id = ?`));
    this.#legs = lazy(() =>
      db.prepare<[number], LegRow>(
        "SELECT action, result FROM glec_legs WHERE entry_ref = ? ORDER BY position",
      ),
    );
    this.#insert = lazy(() =>
      db.prepare(
        `INSERT INTO glec_entries (id, company_ref, client_id, start_date, end_date, external_id,
         from_place, to_place, tonne_km, ttw, wtt, wtw, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    );
    this.#update = lazy(() =>
      db.prepare(
        `UPDATE glec_entries SET client_id = ?, start_date = ?, end_date = ?, external_id = ?,
         from_place = ?, to_place = ?, tonne_km = ?, ttw = ?, wtt = ?, wtw = ?, updated_at = ?
       WHERE ref = ?`,
      ),
    );
    this.#deleteLegs = lazy(() =>
      db.prepare<[number]>("DELETE FROM glec_legs WHERE entry_ref = ?"),
    );
    this.#insertLeg = lazy(() =>
      db.prepare(
        `INSERT INTO glec_legs (entry_ref, position, action_id, method, tonne_km, ttw, wtt, wtw, action, result)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    );
    this.#delete = lazy(() => db.prepare<[string]>("DELETE FROM glec_entries WHERE id = ?"));
  }

  #stored(row: EntryRow): StoredGlecEntry {
    const legs = this.#legs()
      .all(row.ref)
      .map((leg) => ({ action: JSON.parse(leg.action), result: JSON.parse(leg.result) }));
    return glecEntryOf(row, legs);
  }

  find(id: string): StoredGlecEntry | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : this.#stored(row);
  }

  /**
   * The clauses of a filter: its company, and a period the entry's overlaps (both inclusive
   * days). An unknown company is not_found.
   */
  #where(filter: GlecFilter): { where: string[]; params: SqlValue[] } {
    const where: string[] = [];
    const params: SqlValue[] = [];
    if (filter.companyId !== undefined) {
      where.push("e.company_ref = ?");
      params.push(this.#companies.get(filter.companyId).ref);
    }
    if (filter.from !== undefined) {
      where.push("e.end_date >= ?");
      params.push(filter.from);
    }
    if (filter.to !== undefined) {
      where.push("e.start_date <= ?");
      params.push(filter.to);
    }
    return { where, params };
  }

  list(query: GlecQuery): Page<StoredGlecEntry> {
    const window = pageWindow(query);
    const { where: clauses, params } = this.#where(query);
    const where = clauses.length === 0 ? "" : `WHERE ${clauses.join(" AND ")}`;
    const rows = this.#db
      .prepare<SqlValue[], EntryRow>(`${SELECT} ${where} ${ORDER} LIMIT ? OFFSET ?`)
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<SqlValue[], number>(`SELECT count(*) FROM glec_entries e ${where}`)
      .pluck()
      .get(...params);
    return pageOf(
      rows.map((row) => this.#stored(row)),
      window,
      total ?? 0,
    );
  }

  /** What `list` pages, for keyset pages (start date, id: glec_entries_by_company or _by_start). */
  keyset(filter: GlecFilter): Keyset<EntryRow, StoredGlecEntry> {
    return {
      select: SELECT,
      ...this.#where(filter),
      order: ["e.start_date", "e.id"],
      key: (row) => [row.start_date, row.id],
      decode: (row) => this.#stored(row),
    };
  }

  save(record: GlecEntryRecord, at: string): void {
    const fields = [
      record.clientId,
      record.startDate,
      record.endDate,
      record.externalId,
      record.from,
      record.to,
      record.tonneKm,
      record.ttw,
      record.wtt,
      record.wtw,
    ] as const;
    const before = this.#byId().get(record.id);
    let ref: number;
    if (before === undefined) {
      const info = this.#insert().run(record.id, record.companyRef, ...fields, at, at);
      ref = Number(info.lastInsertRowid);
    } else {
      ref = before.ref;
      this.#update().run(...fields, at, ref);
      this.#deleteLegs().run(ref);
    }
    record.legs.forEach((leg, position) => {
      this.#insertLeg().run(
        ref,
        position,
        leg.actionId,
        leg.method,
        leg.tonneKm,
        leg.ttw,
        leg.wtt,
        leg.wtw,
        JSON.stringify(leg.action),
        JSON.stringify(leg.result),
      );
    });
  }

  delete(id: string): void {
    this.#delete().run(id);
  }
}
