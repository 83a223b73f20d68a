/**
 * GLEC service footprint entries in PostgreSQL: a company table, each entry with its legs in
 * order (the legs of a page read in one statement). A leg's action and result are `json`, kept
 * as they were submitted and calculated.
 */

import { isUuid } from "../../core/ids.js";
import type { Page } from "../../core/model/common.js";
import type { GlecQuery } from "../../core/ports/glec.js";
import type { GlecEntryRecord, GlecTable, StoredGlecEntry } from "../../rules/store.js";
import { type GlecEntryColumns, glecEntryOf } from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";

const SELECT = `SELECT e.ref, e.id, c.id AS company_id, e.company_ref, e.client_id, e.start_date,
    e.end_date, e.external_id, e.from_place, e.to_place, e.tonne_km, e.ttw, e.wtt, e.wtw,
    e.created_at, e.updated_at
  FROM glec_entries e JOIN companies c ON c.ref = e.company_ref`;

export class PostgresGlec implements GlecTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<GlecEntryColumns, GlecEntryColumns>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "glec_entries",
      alias: "e",
      order: ["e.start_date", "e.id"],
      decode: (row) => row,
    });
  }

  /** The entries with their legs, in order, read in one statement. */
  async #withLegs(rows: readonly GlecEntryColumns[]): Promise<StoredGlecEntry[]> {
    if (rows.length === 0) return [];
    const legs = await this.#db.query<{ entry_ref: number; action: unknown; result: unknown }>(
      `SELECT l.entry_ref, l.action, l.result FROM glec_legs l
       JOIN unnest($1::bigint[], $2::bigint[]) AS k (company_ref, entry_ref)
         ON l.company_ref = k.company_ref AND l.entry_ref = k.entry_ref
       ORDER BY l.entry_ref, l.position`,
      [rows.map((row) => row.company_ref), rows.map((row) => row.ref)],
    );
    const byEntry = new Map<number, { action: unknown; result: unknown }[]>();
    for (const leg of legs.rows) {
      const list = byEntry.get(leg.entry_ref) ?? [];
      list.push({ action: leg.action, result: leg.result });
      byEntry.set(leg.entry_ref, list);
    }
    return rows.map((row) => glecEntryOf(row, byEntry.get(row.ref) ?? []));
  }

  async find(id: string): Promise<StoredGlecEntry | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await this.#db.query<GlecEntryColumns>(`${SELECT} WHERE e.id = $1`, [id]);
    return (await this.#withLegs(rows.rows))[0];
  }

  /** Entries in start date, id order, of a company (unknown: not_found) and a period. */
  async list(query: GlecQuery): Promise<Page<StoredGlecEntry>> {
    const { where, params } = await this.#listing.conditions(query);
    if (query.from !== undefined) {
      params.push(query.from);
      where.push(`e.end_date >= $${params.length}`);
    }
    if (query.to !== undefined) {
      params.push(query.to);
      where.push(`e.start_date <= $${params.length}`);
    }
    const page = await this.#listing.page({ where, params }, query);
    return { ...page, data: await this.#withLegs(page.data) };
  }

  /** Inserts the entry, or replaces the one with its id and all its legs (createdAt kept). */
  async save(record: GlecEntryRecord, at: string): Promise<void> {
    const saved = await this.#db.query<{ ref: number }>(
      `INSERT INTO glec_entries (company_ref, id, client_id, start_date, end_date, external_id,
         from_place, to_place, tonne_km, ttw, wtt, wtw, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
       ON CONFLICT (company_ref, id) DO UPDATE SET client_id = excluded.client_id,
         start_date = excluded.start_date, end_date = excluded.end_date,
         external_id = excluded.external_id, from_place = excluded.from_place,
         to_place = excluded.to_place, tonne_km = excluded.tonne_km, ttw = excluded.ttw,
         wtt = excluded.wtt, wtw = excluded.wtw, updated_at = excluded.updated_at
       RETURNING ref`,
      [
        record.companyRef,
        record.id,
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
        at,
      ],
    );
    const ref = saved.rows[0]?.ref;
    if (ref === undefined) throw new Error(`GLEC entry ${record.id} was not saved`);
    await this.#db.query("DELETE FROM glec_legs WHERE company_ref = $1 AND entry_ref = $2", [
      record.companyRef,
      ref,
    ]);
    if (record.legs.length === 0) return;
    const legs = record.legs;
    await this.#db.query(
      `INSERT INTO glec_legs (company_ref, entry_ref, position, action_id, method, tonne_km, ttw,
         wtt, wtw, action, result)
       SELECT $1, $2, * FROM unnest($3::integer[], $4::text[], $5::text[], $6::numeric[],
         $7::numeric[], $8::numeric[], $9::numeric[], $10::json[], $11::json[])`,
      [
        record.companyRef,
        ref,
        legs.map((_, position) => position),
        legs.map((leg) => leg.actionId),
        legs.map((leg) => leg.method),
        legs.map((leg) => leg.tonneKm),
        legs.map((leg) => leg.ttw),
        legs.map((leg) => leg.wtt),
        legs.map((leg) => leg.wtw),
        legs.map((leg) => JSON.stringify(leg.action)),
        legs.map((leg) => JSON.stringify(leg.result)),
      ],
    );
  }

  async delete(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.#db.query("DELETE FROM glec_entries WHERE id = $1", [id]);
  }
}
