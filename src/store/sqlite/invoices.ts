/**
 * Invoices in SQLite (docs/invoices.md): listed per company in date order, saved by id. The
 * lines are kept as the JSON array the invoice was saved with; a counted line's consumption
 * (`entity_id` = the invoice's id, one deterministic id per line) is the consumption writer's,
 * and an invoice is answered with each line's consumption and emission as stored now.
 */
import { notFound } from "../../core/errors.js";
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
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { lazy } from "./lazy.js";

export interface InvoiceRow extends InvoiceColumns {
  /** The JSON text of the lines as saved. */
  readonly lines: string;
}

const SELECT = "SELECT i.* FROM invoices i";
const ORDER = ["i.company_id", "i.start_date", "i.id"];

function whereOf(filter: InvoiceFilter): { clauses: string[]; params: SqlValue[] } {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  if (filter.companyId !== undefined) {
    clauses.push("i.company_id = ?");
    params.push(filter.companyId.toLowerCase());
  }
  const buildings = filter.buildingIds ?? [];
  if (buildings.length > 0) {
    clauses.push(`i.building_id IN (${buildings.map(() => "?").join(", ")})`);
    params.push(...buildings.map((id) => id.toLowerCase()));
  }
  if (filter.type !== undefined) {
    clauses.push("i.type = ?");
    params.push(filter.type);
  }
  // A period filter keeps the invoices whose billed days overlap it.
  if (filter.startDate !== undefined) {
    clauses.push("i.end_date >= ?");
    params.push(filter.startDate);
  }
  if (filter.endDate !== undefined) {
    clauses.push("i.start_date <= ?");
    params.push(filter.endDate);
  }
  return { clauses, params };
}

export class InvoiceRepository implements InvoiceTable {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #byIds;
  readonly #building;
  readonly #emissions;
  readonly #upsert;

  constructor(db: Db, companies: CompanyRepository) {
    this.#db = db;
    this.#companies = companies;
    this.#byIds = lazy(() =>
      db.prepare<[string], InvoiceRow>(`${SELECT} WHERE i.id IN (SELECT value FROM json_each(?))`),
    );
    this.#building = lazy(() =>
      db.prepare<[string], number>("SELECT 1 FROM buildings WHERE id = ?").pluck(),
    );
    // Each consumption's direct figure (scope 1 or 2, the days of all its years): null awaits.
    this.#emissions = lazy(() =>
      db.prepare<[string], { id: string; co2e: number | null }>(
        "SELECT id, co2e FROM consumptions WHERE id IN (SELECT value FROM json_each(?))",
      ),
    );
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare(
        `INSERT INTO invoices (id, company_id, building_id, type, status, cup, start_date, end_date,
         supplier, total_cost, currency, country_code, external_id, waste_type,
         waste_disposal_method, waste_operator_id, provider, lines, created_at, updated_at)
       VALUES (@id, @company_id, @building_id, @type, @status, @cup, @start_date, @end_date,
         @supplier, @total_cost, @currency, @country_code, @external_id, @waste_type,
         @waste_disposal_method, @waste_operator_id, @provider, @lines, @created_at, @updated_at)
       ON CONFLICT (id) DO UPDATE SET
         building_id = excluded.building_id, type = excluded.type, status = excluded.status,
         cup = excluded.cup, start_date = excluded.start_date, end_date = excluded.end_date,
         supplier = excluded.supplier, total_cost = excluded.total_cost,
         currency = excluded.currency, country_code = excluded.country_code,
         external_id = excluded.external_id, waste_type = excluded.waste_type,
         waste_disposal_method = excluded.waste_disposal_method,
         waste_operator_id = excluded.waste_operator_id, provider = excluded.provider,
         lines = excluded.lines,
         updated_at = excluded.updated_at`,
      ),
    );
  }

  /** The rows decoded, the consumptions of all their lines read in one statement. */
  #decodeAll(rows: readonly InvoiceRow[]): StoredInvoice[] {
    // A parsed boundary: the column holds only arrays this file wrote.
    const parsed = rows.map((row) => ({ row, lines: storedInvoiceLines(JSON.parse(row.lines)) }));
    const ids = parsed.flatMap(({ row, lines }) => lineConsumptionIds(row.id, lines));
    const emissions = new Map<string, { readonly co2e: number | null }>();
    if (ids.length > 0) {
      for (const found of this.#emissions().all(JSON.stringify(ids))) {
        emissions.set(found.id, found);
      }
    }
    return parsed.map(({ row, lines }) => storedInvoiceOf(row, lines, emissions));
  }

  find(id: string): StoredInvoice | undefined {
    return this.findMany([id])[0];
  }

  findMany(ids: readonly string[]): StoredInvoice[] {
    if (ids.length === 0) return [];
    return this.#decodeAll(this.#byIds().all(JSON.stringify(ids)));
  }

  /** The company and buildings a filter names must exist: else not_found. */
  #checkFilter(filter: InvoiceFilter): void {
    if (filter.companyId !== undefined) this.#companies.get(filter.companyId);
    for (const id of filter.buildingIds ?? []) {
      if (this.#building().get(id.toLowerCase()) === undefined) throw notFound("building", id);
    }
  }

  /** One page in (company, startDate, id) order; an unknown company or building is not_found. */
  list(query: InvoiceFilter & PageQuery): Page<Invoice> {
    const window = pageWindow(query);
    this.#checkFilter(query);
    const { clauses, params } = whereOf(query);
    const where = clauses.length === 0 ? "" : ` WHERE ${clauses.join(" AND ")}`;
    const rows = this.#db
      .prepare<SqlValue[], InvoiceRow>(
        `${SELECT}${where} ORDER BY ${ORDER.join(", ")} LIMIT ? OFFSET ?`,
      )
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<SqlValue[], number>(`SELECT count(*) FROM invoices i${where}`)
      .pluck()
      .get(...params);
    return pageOf(this.#decodeAll(rows).map(plainInvoice), window, total ?? 0);
  }

  /** What `list` pages, for keyset pages on invoices_in_order. */
  keyset(filter: InvoiceFilter): Keyset<InvoiceRow, Invoice> {
    this.#checkFilter(filter);
    const { clauses, params } = whereOf(filter);
    return {
      select: SELECT,
      where: clauses,
      params,
      order: ORDER,
      key: (row) => [row.company_id, row.start_date, row.id],
      decode: (row) => {
        const [decoded] = this.#decodeAll([row]);
        if (decoded === undefined) throw new Error(`invoice ${row.id}: not decoded`);
        return plainInvoice(decoded);
      },
    };
  }

  saveAll(records: readonly InvoiceRecord[], at: string): void {
    for (const record of records) {
      this.#upsert().run({
        id: record.id,
        company_id: record.companyId,
        building_id: record.buildingId,
        type: record.type,
        status: record.status,
        cup: record.cup,
        start_date: record.startDate,
        end_date: record.endDate,
        supplier: record.supplier,
        total_cost: record.totalCost,
        currency: record.currency,
        country_code: record.countryCode,
        external_id: record.externalId,
        waste_type: record.wasteType,
        waste_disposal_method: record.wasteDisposalMethod,
        waste_operator_id: record.wasteOperatorId,
        provider: record.provider,
        lines: JSON.stringify(record.lines),
        created_at: at,
        updated_at: at,
      });
    }
  }
}
