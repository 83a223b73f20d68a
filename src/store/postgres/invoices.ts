/**
 * Invoices in PostgreSQL (docs/invoices.md): a company table, listed per company in date order
 * as SQLite lists them, saved by id. The lines are kept as the JSON array the invoice was saved
 * with; a counted line's consumption (`entity_id` = the invoice's id, one deterministic id per
 * line) is the consumption writer's, and an invoice is answered with each line's consumption
 * and emission as stored now.
 */
import { notFound } from "../../core/errors.js";
import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Invoice } from "../../core/model/invoice.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { InvoiceFilter } from "../../core/resources/invoices.js";
import type { InvoiceRecord, InvoiceTable, StoredInvoice } from "../../rules/store.js";
import {
  type InvoiceColumns,
  lineConsumptionIds,
  plainInvoice,
  storedInvoiceLines,
  storedInvoiceOf,
} from "../stored-certificates.js";
import { companyRefOf } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { storedIdsOf } from "./uuids.js";

interface InvoiceRow extends InvoiceColumns {
  readonly company_ref: number;
  /** The lines as saved, parsed by the driver (json). */
  readonly lines: unknown;
}

const SELECT = `SELECT i.id, co.id AS company_id, i.company_ref, b.id AS building_id, i.type,
  i.status, i.cup, i.start_date, i.end_date, i.supplier, i.total_cost, i.currency,
  i.country_code, i.external_id, i.waste_type, i.waste_disposal_method, i.waste_operator_id,
  i.provider, i.lines, i.created_at, i.updated_at
  FROM invoices i JOIN companies co ON co.ref = i.company_ref
  LEFT JOIN buildings b ON b.company_ref = i.company_ref AND b.ref = i.building_ref`;

/** SQLite's order: by the company's id, then start date (none first), then id. */
const ORDER = "co.id, i.start_date NULLS FIRST, i.id";

/** Invoices a statement writes at once. */
const BATCH = 500;

export class PostgresInvoices implements InvoiceTable {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** The rows decoded, the consumptions of all their lines read in one statement. */
  async #decodeAll(rows: readonly InvoiceRow[]): Promise<StoredInvoice[]> {
    const parsed = rows.map((row) => ({ row, lines: storedInvoiceLines(row.lines) }));
    const companies: number[] = [];
    const ids: string[] = [];
    for (const { row, lines } of parsed) {
      for (const id of lineConsumptionIds(row.id, lines)) {
        companies.push(row.company_ref);
        ids.push(id);
      }
    }
    const emissions = new Map<string, { readonly co2e: number | null }>();
    if (ids.length > 0) {
      // Each consumption's direct figure (scope 1 or 2, the days of all its years): null awaits.
      const found = await this.#db.query<{ id: string; co2e: number | null }>(
        `SELECT c.id, c.co2e FROM consumptions c
         JOIN unnest($1::bigint[], $2::uuid[]) AS k (company_ref, id)
           ON c.company_ref = k.company_ref AND c.id = k.id`,
        [companies, ids],
      );
      for (const row of found.rows) emissions.set(row.id, row);
    }
    return parsed.map(({ row, lines }) => storedInvoiceOf(row, lines, emissions));
  }

  async find(id: string): Promise<StoredInvoice | undefined> {
    return (await this.findMany([id]))[0];
  }

  async findMany(ids: readonly string[]): Promise<StoredInvoice[]> {
    const wanted = storedIdsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<InvoiceRow>(`${SELECT} WHERE i.id = ANY($1::uuid[])`, [
      wanted,
    ]);
    return this.#decodeAll(found.rows);
  }

  /** The filter as conditions on `i`; an unknown company or building is not_found. */
  async #where(filter: InvoiceFilter): Promise<{ where: string[]; params: unknown[] }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.companyId !== undefined) {
      params.push(await companyRefOf(this.#db, filter.companyId));
      where.push(`i.company_ref = $${params.length}`);
    }
    const buildings = filter.buildingIds ?? [];
    if (buildings.length > 0) {
      const wanted = buildings.map((id) => id.toLowerCase());
      const found = await this.#db.query<{ id: string; company_ref: number; ref: number }>(
        "SELECT id, company_ref, ref FROM buildings WHERE id = ANY($1::uuid[])",
        [wanted.filter(isUuid)],
      );
      const known = new Set(found.rows.map((row) => row.id));
      const missing = buildings.find((id) => !known.has(id.toLowerCase()));
      if (missing !== undefined) throw notFound("building", missing);
      params.push(
        found.rows.map((row) => row.company_ref),
        found.rows.map((row) => row.ref),
      );
      where.push(
        `(i.company_ref, i.building_ref) IN (SELECT * FROM unnest($${params.length - 1}::bigint[], $${params.length}::bigint[]))`,
      );
    }
    if (filter.type !== undefined) {
      params.push(filter.type);
      where.push(`i.type = $${params.length}`);
    }
    // A period filter keeps the invoices whose billed days overlap it.
    if (filter.startDate !== undefined) {
      params.push(filter.startDate);
      where.push(`i.end_date >= $${params.length}`);
    }
    if (filter.endDate !== undefined) {
      params.push(filter.endDate);
      where.push(`i.start_date <= $${params.length}`);
    }
    return { where, params };
  }

  /** One page in (company, startDate, id) order; an unknown company or building is not_found. */
  async list(query: InvoiceFilter & PageQuery): Promise<Page<Invoice>> {
    const window = pageWindow(query);
    const { where, params } = await this.#where(query);
    const clause = where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`;
    const rows = await this.#db.query<InvoiceRow>(
      `${SELECT}${clause} ORDER BY ${ORDER} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, window.limit, window.offset],
    );
    const total = await this.#db.query<{ count: number }>(
      `SELECT count(*) AS count FROM invoices i${clause}`,
      params,
    );
    const invoices = (await this.#decodeAll(rows.rows)).map(plainInvoice);
    return pageOf(invoices, window, total.rows[0]?.count ?? 0);
  }

  /**
   * Each by id, in order (the later of an id twice), a statement per batch; createdAt is kept
   * and the invoice keeps its company. Its company and building are found by their ids.
   */
  async saveAll(records: readonly InvoiceRecord[], at: string): Promise<void> {
    const last = [...new Map(records.map((record) => [record.id, record])).values()];
    for (let start = 0; start < last.length; start += BATCH) {
      const batch = last.slice(start, start + BATCH).map((record) => ({
        id: record.id,
        company_id: record.companyId,
        building_id: record.buildingId,
        type: record.type,
        status: record.status,
        cup: record.cup,
        start_date: record.startDate,
        end_date: record.endDate,
        supplier: record.supplier,
        provider: record.provider,
        total_cost: record.totalCost,
        currency: record.currency,
        country_code: record.countryCode,
        external_id: record.externalId,
        waste_type: record.wasteType,
        waste_disposal_method: record.wasteDisposalMethod,
        waste_operator_id: record.wasteOperatorId,
        lines: record.lines,
      }));
      await this.#db.query(
        `INSERT INTO invoices (company_ref, id, building_ref, type, status, cup, start_date,
           end_date, supplier, provider, total_cost, currency, country_code, external_id,
           waste_type, waste_disposal_method, waste_operator_id, lines, created_at, updated_at)
         SELECT co.ref, k.id, b.ref, k.type, k.status, k.cup, k.start_date, k.end_date,
           k.supplier, k.provider, k.total_cost, k.currency, k.country_code, k.external_id,
           k.waste_type, k.waste_disposal_method, k.waste_operator_id, k.lines, $2, $2
         FROM json_to_recordset($1::json) AS k (id uuid, company_id uuid, building_id uuid,
           type text, status text, cup text, start_date text, end_date text, supplier text,
           provider text, total_cost numeric, currency text, country_code text,
           external_id text, waste_type text, waste_disposal_method text,
           waste_operator_id uuid, lines json)
         JOIN companies co ON co.id = k.company_id
         LEFT JOIN buildings b ON b.company_ref = co.ref AND b.id = k.building_id
         ON CONFLICT (company_ref, id) DO UPDATE SET
           building_ref = excluded.building_ref, type = excluded.type, status = excluded.status,
           cup = excluded.cup, start_date = excluded.start_date, end_date = excluded.end_date,
           supplier = excluded.supplier, provider = excluded.provider,
           total_cost = excluded.total_cost, currency = excluded.currency,
           country_code = excluded.country_code, external_id = excluded.external_id,
           waste_type = excluded.waste_type,
           waste_disposal_method = excluded.waste_disposal_method,
           waste_operator_id = excluded.waste_operator_id, lines = excluded.lines,
           updated_at = excluded.updated_at`,
        [JSON.stringify(batch), at],
      );
    }
  }
}
