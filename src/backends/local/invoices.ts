/**
 * Invoices in SQLite (docs/invoices.md): listed per company in date order, upserted by id. A
 * valid invoice's lines are consumptions (`entity_id` = the invoice's id, one deterministic id
 * per line) written by the consumption writer in the caller's transaction, with their emissions.
 */
import { notFound, validationError } from "../../core/errors.js";
import { invoiceLineConsumptionId } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import {
  type Invoice,
  type InvoiceInput,
  invoiceInputSchema,
  type LineEmissionStatus,
} from "../../core/model/invoice.js";
import { ownerConflict } from "../../core/ownership.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { InvoiceFilter } from "../../core/resources/invoices.js";
import { parseInput } from "../../core/validate.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset, SqlValue } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";
import { checkInvoice, type InvoiceWriteParts, type StoredLine } from "./invoice-lines.js";

export interface InvoiceRow {
  id: string;
  company_id: string;
  building_id: string;
  type: string;
  status: string;
  cup: string | null;
  start_date: string;
  end_date: string;
  supplier: string | null;
  total_cost: number;
  currency: string;
  country_code: string | null;
  external_id: string | null;
  waste_type: string | null;
  waste_disposal_method: string | null;
  waste_operator_id: string | null;
  provider: string | null;
  lines: string;
  created_at: string;
  updated_at: string;
}

const SELECT = "SELECT i.* FROM invoices i";
const ORDER = ["i.company_id", "i.start_date", "i.id"];

function storedLines(text: string): StoredLine[] {
  // A parsed boundary: the column holds only arrays this file wrote.
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as StoredLine[]) : [];
}

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

export class InvoiceRepository {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #byId;
  readonly #building;
  readonly #emission;
  readonly #upsert;
  readonly #delete;

  constructor(db: Db, companies: CompanyRepository) {
    this.#db = db;
    this.#companies = companies;
    this.#byId = lazy(() => db.prepare<[string], InvoiceRow>(`${SELECT} WHERE i.id = ?`));
    this.#building = lazy(() =>
      db.prepare<[string], number>("SELECT 1 FROM buildings WHERE id = ?").pluck(),
    );
    // The consumption's direct figure (scope 1 or 2, the days of all its years): null awaits.
    this.#emission = lazy(() =>
      db.prepare<[string], { co2e: number | null }>("SELECT co2e FROM consumptions WHERE id = ?"),
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
    this.#delete = lazy(() => db.prepare<[string]>("DELETE FROM invoices WHERE id = ?"));
  }

  /** The invoice with each line's consumption and emission as stored now. */
  decode(row: InvoiceRow): Invoice {
    const lines = storedLines(row.lines).map((line, index) => {
      const id = invoiceLineConsumptionId(row.id, index);
      const stored = line.counted === "not_counted" ? undefined : this.#emission().get(id);
      // co2e is null exactly while the direct line's location basis awaits a factor.
      const calculated = stored !== undefined && stored.co2e !== null;
      const status: LineEmissionStatus =
        stored === undefined ? line.counted : calculated ? "calculated" : "awaiting_factor";
      return {
        quantity: line.quantity,
        unit: line.unit,
        fuel: line.fuel,
        type: line.type,
        emissionEntityId: stored === undefined ? null : id,
        emissions: calculated ? stored.co2e : null,
        emissionStatus: status,
      };
    });
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      companyId: row.company_id,
      buildingId: row.building_id,
      startDate: row.start_date,
      endDate: row.end_date,
      cup: row.cup,
      supplier: row.supplier,
      totalCost: row.total_cost,
      currency: row.currency,
      countryCode: row.country_code,
      externalId: row.external_id,
      wasteType: row.waste_type,
      wasteDisposalMethod: row.waste_disposal_method,
      wasteOperatorId: row.waste_operator_id,
      provider: row.provider,
      lines,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  find(id: string): InvoiceRow | undefined {
    return this.#byId().get(id.trim().toLowerCase());
  }

  get(id: string): Invoice {
    const row = this.find(id);
    if (row === undefined) throw notFound("invoice", id);
    return this.decode(row);
  }

  /** The consumptions a stored invoice's lines have now. */
  consumptionIds(row: InvoiceRow): string[] {
    return storedLines(row.lines)
      .map((_line, index) => invoiceLineConsumptionId(row.id, index))
      .filter((id) => this.#emission().get(id) !== undefined);
  }

  /** Removes the invoice row (its consumptions are the caller's). */
  delete(id: string): void {
    this.#delete().run(id);
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
    return pageOf(
      rows.map((row) => this.decode(row)),
      window,
      total ?? 0,
    );
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
      decode: (row) => this.decode(row),
    };
  }

  /**
   * Upsert by id, in the caller's transaction: checks the company, building, waste operator
   * and every line (all problems at once), writes the lines' consumptions, removes those of
   * lines that no longer count, then stores the invoice.
   */
  upsert(input: InvoiceInput, parts: InvoiceWriteParts): Invoice {
    const parsed = parseInput(invoiceInputSchema, input, "invoice");
    const id = parsed.id.toLowerCase();
    const company = parts.companies.get(parsed.companyId);
    const building = parts.buildings.find(parsed.buildingId);
    if (building === undefined) throw notFound("building", parsed.buildingId);
    const before = this.find(id);
    if (before !== undefined && before.company_id !== company.id) {
      throw ownerConflict("invoice", id, before.company_id, company.id);
    }
    const { issues, lines, rows } = checkInvoice(parsed, id, company, building, parts);
    const first = issues[0];
    if (first !== undefined) {
      throw validationError(`invoice rejected: ${first.path}: ${first.message}`, issues);
    }
    if (before !== undefined) {
      const kept = new Set(rows.map((row) => row.id));
      const gone = this.consumptionIds(before).filter((stale) => !kept.has(stale));
      if (gone.length > 0) parts.removeConsumptions(gone);
    }
    if (rows.length > 0) {
      parts.writer.write(
        rows,
        {
          company: (companyId) => parts.companies.find(companyId),
          building: (buildingId) => parts.buildings.find(buildingId),
        },
        "lines.",
      );
    }
    const now = new Date().toISOString();
    this.#upsert().run({
      id,
      company_id: company.id,
      building_id: building.id,
      type: parsed.type,
      status: parsed.status,
      cup: parsed.cup,
      start_date: parsed.startDate,
      end_date: parsed.endDate,
      supplier: parsed.supplier,
      total_cost: parsed.totalCost,
      currency: parsed.currency,
      country_code: parsed.countryCode ?? building.country ?? company.country,
      external_id: parsed.externalId,
      waste_type: parsed.wasteType,
      waste_disposal_method: parsed.wasteDisposalMethod,
      waste_operator_id: parsed.wasteOperatorId,
      provider: parsed.provider,
      lines: JSON.stringify(lines),
      created_at: now,
      updated_at: now,
    });
    return this.get(id);
  }
}
