/**
 * A company's custom emission factors in SQLite: listed by subcategory, basis and first day
 * valid, upserted by id (createdAt kept), read whole per company by the emission calculator.
 */
import type { Page, PageQuery } from "../../core/model/common.js";
import type { FactorBasis, StoredCustomFactor } from "../../core/model/factor.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { CustomFactorFilter } from "../../core/resources/custom-factors.js";
import type {
  CustomFactorRecord,
  CustomFactorTable,
  OwnedCustomFactor,
} from "../../rules/store.js";
import { customFactorOf, plainCustomFactor } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";

export interface CustomFactorRow {
  id: string;
  company_id: string;
  category_id: string;
  category_ref: number;
  company_ref: number;
  basis: FactorBasis;
  valid_from: string | null;
  valid_to: string | null;
  unit: string;
  co2e: number;
  co2: number | null;
  ch4: number | null;
  n2o: number | null;
  source: string;
  created_at: string;
}

const SELECT = `SELECT f.id, co.id AS company_id, cat.id AS category_id, f.category_ref, f.company_ref,
    f.basis, f.valid_from, f.valid_to, f.unit, f.co2e, f.co2, f.ch4, f.n2o, f.source, f.created_at
  FROM custom_factors f
  JOIN companies co ON co.ref = f.company_ref
  JOIN categories cat ON cat.ref = f.category_ref`;

/** The list order; an open start sorts first (as NULL would) and keeps the key comparable. */
const ORDER_TERMS = [
  "f.category_ref",
  "f.basis",
  "ifnull(f.valid_from, '')",
  "f.created_at",
  "f.id",
];
const ORDER = `ORDER BY ${ORDER_TERMS.join(", ")}`;

function fromRow(row: CustomFactorRow): StoredCustomFactor {
  return plainCustomFactor(row);
}

type UpsertParams = [
  string,
  number,
  number,
  FactorBasis,
  string | null,
  string | null,
  string,
  number,
  number | null,
  number | null,
  number | null,
  string,
  string,
];

export class CustomFactorRepository implements CustomFactorTable {
  readonly #companies: CompanyRepository;
  readonly #byId;
  readonly #ofCompany;
  readonly #page;
  readonly #count;
  readonly #upsert;

  constructor(db: Db, companies: CompanyRepository) {
    this.#companies = companies;
    this.#byId = lazy(() => db.prepare<[string], CustomFactorRow>(`${SELECT} WHERE f.id = ?`));
    this.#ofCompany = lazy(() =>
      db.prepare<[number], CustomFactorRow>(`${SELECT} WHERE f.company_ref = ? ${ORDER}`),
    );
    this.#page = lazy(() =>
      db.prepare<[number, number, number], CustomFactorRow>(
        `${SELECT} WHERE f.company_ref = ? ${ORDER} LIMIT ? OFFSET ?`,
      ),
    );
    this.#count = lazy(() =>
      db
        .prepare<[number], number>("SELECT count(*) FROM custom_factors WHERE company_ref = ?")
        .pluck(),
    );
    // created_at is the first save's.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO custom_factors (id, company_ref, category_ref, basis, valid_from, valid_to, unit, co2e, co2, ch4, n2o, source, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET category_ref = excluded.category_ref, basis = excluded.basis,
         valid_from = excluded.valid_from, valid_to = excluded.valid_to, unit = excluded.unit, co2e = excluded.co2e, co2 = excluded.co2,
         ch4 = excluded.ch4, n2o = excluded.n2o, source = excluded.source`,
      ),
    );
  }

  find(id: string): OwnedCustomFactor | undefined {
    const row = this.#byId().get(id);
    if (row === undefined) return undefined;
    return customFactorOf(row);
  }

  findMany(ids: readonly string[]): OwnedCustomFactor[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  /** For the emission calculator: every factor of the company, in list order. */
  ofCompany(companyRef: number): StoredCustomFactor[] {
    return this.#ofCompany().all(companyRef).map(fromRow);
  }

  list(query: CustomFactorFilter & PageQuery): Page<StoredCustomFactor> {
    const window = pageWindow(query);
    const company = this.#companies.get(query.companyId);
    const rows = this.#page().all(company.ref, window.limit, window.offset);
    return pageOf(rows.map(fromRow), window, this.#count().get(company.ref) ?? 0);
  }

  /** What `list` pages, for keyset pages (index custom_factors_in_order). */
  keyset(filter: CustomFactorFilter): Keyset<CustomFactorRow, StoredCustomFactor> {
    const company = this.#companies.get(filter.companyId);
    return {
      select: SELECT,
      where: ["f.company_ref = ?"],
      params: [company.ref],
      order: ORDER_TERMS,
      key: (row) => [row.category_ref, row.basis, row.valid_from ?? "", row.created_at, row.id],
      decode: fromRow,
    };
  }

  save(record: CustomFactorRecord, at: string): void {
    this.#upsert().run(
      record.id,
      record.companyRef,
      record.categoryRef,
      record.basis,
      record.validFrom,
      record.validTo,
      record.unit,
      record.co2e,
      record.co2,
      record.ch4,
      record.n2o,
      record.source,
      at,
    );
  }
}
