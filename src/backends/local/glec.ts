/** GLEC service footprint entries in the local database (tables of glec-schema.ts). */
import { notFound } from "../../core/errors.js";
import type { Page } from "../../core/model/common.js";
import {
  type GlecCalculation,
  type GlecEntry,
  type GlecEntryInput,
  type GlecReceipt,
  glecEntryInputSchema,
  glecEntrySchema,
  glecLegResultSchema,
} from "../../core/model/glec.js";
import { GLEC_OWNER_HINT, ownerConflict } from "../../core/ownership.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { GlecFilter, GlecQuery } from "../../core/ports/glec.js";
import { parseInput } from "../../core/validate.js";
import { calculateEntry, intensityOf, rfUpliftOf } from "../../engine/glec/calculate.js";
import type { GlecFactorTable } from "../../engine/glec/factors.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset, SqlValue } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";

interface EntryRow {
  ref: number;
  id: string;
  company_id: string;
  company_ref: number;
  client_id: string | null;
  start_date: string;
  end_date: string;
  external_id: string;
  from_place: string;
  to_place: string;
  tonne_km: number;
  ttw: number;
  wtt: number;
  wtw: number;
  created_at: string;
  updated_at: string;
}

interface LegRow {
  action: string;
  result: string;
}

const SELECT = `SELECT e.ref, e.id, c.id AS company_id, e.company_ref, e.client_id, e.start_date,
    e.end_date, e.external_id, e.from_place, e.to_place, e.tonne_km, e.ttw, e.wtt, e.wtw,
    e.created_at, e.updated_at
  FROM glec_entries e JOIN companies c ON c.ref = e.company_ref`;
const ORDER = "ORDER BY e.start_date, e.id";

export class GlecRepository {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #factors: () => GlecFactorTable;
  readonly #byId;
  readonly #legs;
  readonly #insert;
  readonly #update;
  readonly #deleteLegs;
  readonly #insertLeg;
  readonly #delete;

  constructor(db: Db, companies: CompanyRepository, factors: () => GlecFactorTable) {
    this.#db = db;
    this.#companies = companies;
    this.#factors = factors;
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
    this.#delete = lazy(() => db.prepare<[number]>("DELETE FROM glec_entries WHERE ref = ?"));
  }

  #toEntry(row: EntryRow): GlecEntry {
    const legs = this.#legs().all(row.ref);
    const tonneKm = row.tonne_km;
    const emissions = { ttw: row.ttw, wtt: row.wtt, wtw: row.wtw };
    // Legs stored before the allocation and RF fields read as null for them.
    const results = legs.map((leg) => glecLegResultSchema.parse(JSON.parse(leg.result)));
    return glecEntrySchema.parse({
      id: row.id,
      clientId: row.client_id,
      startDate: row.start_date,
      endDate: row.end_date,
      actions: legs.map((leg) => JSON.parse(leg.action)),
      companyId: row.company_id,
      externalId: row.external_id,
      from: row.from_place,
      to: row.to_place,
      calculation: {
        legs: results,
        tonneKm,
        emissions,
        intensity: intensityOf(emissions, tonneKm),
        rfUplift: rfUpliftOf(results),
      },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }

  get(id: string): GlecEntry {
    const row = this.#byId().get(id.trim().toLowerCase());
    if (row === undefined) throw notFound("GLEC entry", id);
    return this.#toEntry(row);
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

  list(query: GlecQuery): Page<GlecEntry> {
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
      rows.map((row) => this.#toEntry(row)),
      window,
      total ?? 0,
    );
  }

  /** What `list` pages, for keyset pages (start date, id: glec_entries_by_company or _by_start). */
  keyset(filter: GlecFilter): Keyset<EntryRow, GlecEntry> {
    return {
      select: SELECT,
      ...this.#where(filter),
      order: ["e.start_date", "e.id"],
      key: (row) => [row.start_date, row.id],
      decode: (row) => this.#toEntry(row),
    };
  }

  /** Validates and calculates an entry as `submit` does; reads and stores nothing. */
  calculate(input: GlecEntryInput): GlecCalculation {
    return calculateEntry(parseInput(glecEntryInputSchema, input, "GLEC entry"), this.#factors());
  }

  /**
   * Validates, calculates and stores an entry; the same id replaces the entry (one row, its legs
   * rewritten). The company must exist; an entry keeps its company (conflict otherwise).
   */
  submit(input: GlecEntryInput): GlecReceipt {
    const entry = parseInput(glecEntryInputSchema, input, "GLEC entry");
    const calculation = calculateEntry(entry, this.#factors());
    const id = entry.id.toLowerCase();
    const company = this.#companies.get(entry.companyId);
    const before = this.#byId().get(id);
    if (before !== undefined && before.company_ref !== company.ref) {
      throw ownerConflict("GLEC entry", id, before.company_id, company.id, GLEC_OWNER_HINT);
    }
    const now = new Date().toISOString();
    const clientId = entry.clientId === null ? null : entry.clientId.toLowerCase();
    const figures = [
      calculation.tonneKm,
      calculation.emissions.ttw,
      calculation.emissions.wtt,
      calculation.emissions.wtw,
    ] as const;
    const fields = [
      clientId,
      entry.startDate,
      entry.endDate,
      entry.externalId,
      entry.from,
      entry.to,
    ] as const;
    let ref: number;
    if (before === undefined) {
      const info = this.#insert().run(id, company.ref, ...fields, ...figures, now, now);
      ref = Number(info.lastInsertRowid);
    } else {
      ref = before.ref;
      this.#update().run(...fields, ...figures, now, ref);
      this.#deleteLegs().run(ref);
    }
    calculation.legs.forEach((leg, position) => {
      const action = entry.actions[position];
      this.#insertLeg().run(
        ref,
        position,
        leg.actionId,
        leg.method,
        leg.tonneKm,
        leg.emissions.ttw,
        leg.emissions.wtt,
        leg.emissions.wtw,
        JSON.stringify({
          ...action,
          id: leg.actionId,
          vehicleId: action?.vehicleId?.toLowerCase() ?? null,
        }),
        JSON.stringify(leg),
      );
    });
    return {
      message: before === undefined ? "GLEC entry created" : "GLEC entry replaced",
      id,
    };
  }

  delete(id: string): GlecReceipt {
    const row = this.#byId().get(id.trim().toLowerCase());
    if (row === undefined) throw notFound("GLEC entry", id);
    this.#delete().run(row.ref);
    return { message: "GLEC entry deleted", id: row.id };
  }
}
