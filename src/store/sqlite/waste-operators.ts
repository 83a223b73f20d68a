/** Waste operators in SQLite: listed in name order, saved by id, names unique per company. */
import type { Page, PageQuery } from "../../core/model/common.js";
import type { WasteOperator } from "../../core/model/waste-operator.js";
import type { WasteOperatorFilter } from "../../core/resources/waste-operators.js";
import type { Owned, WasteOperatorRecord, WasteOperatorTable } from "../../rules/store.js";
import { plainWasteOperator, wasteOperatorOf } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import { CompanyListing } from "./company-listing.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";
import type { PlainSqliteTable } from "./plain-table.js";

/**
 * The table, its indexes in list order (of a company, and of every company), and
 * one name per company as `nameKey` compares names. Treatments are a JSON array of known names.
 */
export const WASTE_OPERATORS_SCHEMA = `
CREATE TABLE waste_operators (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  registration_code TEXT,
  country_code TEXT,
  treatments TEXT NOT NULL CHECK (json_valid(treatments) AND json_array_length(treatments) > 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX waste_operators_in_order ON waste_operators (company_ref, name, id);
CREATE INDEX waste_operators_by_name ON waste_operators (name, id);
CREATE UNIQUE INDEX waste_operators_unique_name ON waste_operators (company_ref, name_key);
`;

interface WasteOperatorRow {
  id: string;
  company_id: string;
  company_ref: number;
  name: string;
  registration_code: string | null;
  country_code: string | null;
  treatments: string;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT w.id, co.id AS company_id, w.company_ref, w.name, w.registration_code,
  w.country_code, w.treatments, w.created_at, w.updated_at
  FROM waste_operators w JOIN companies co ON co.ref = w.company_ref`;

function fromRow(row: WasteOperatorRow): Owned<WasteOperator> {
  return wasteOperatorOf({ ...row, treatments: JSON.parse(row.treatments) });
}

function toWasteOperator(row: WasteOperatorRow): WasteOperator {
  return plainWasteOperator({ ...row, treatments: JSON.parse(row.treatments) });
}

type UpsertParams = [
  string,
  number,
  string,
  string,
  string | null,
  string | null,
  string,
  string,
  string,
];

export class WasteOperatorRepository implements WasteOperatorTable {
  readonly #byId;
  readonly #byName;
  readonly #listing: CompanyListing<WasteOperatorRow, WasteOperator>;
  readonly #upsert;
  readonly #invoiceCount;

  constructor(db: Db, companies: CompanyRepository) {
    this.#byId = lazy(() => db.prepare<[string], WasteOperatorRow>(`${SELECT} WHERE w.id = ?`));
    this.#invoiceCount = lazy(() =>
      db
        .prepare<[string], number>("SELECT count(*) FROM invoices WHERE waste_operator_id = ?")
        .pluck(),
    );
    this.#byName = lazy(() =>
      db.prepare<[number, string], WasteOperatorRow>(
        `${SELECT} WHERE w.company_ref = ? AND w.name_key = ?`,
      ),
    );
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "waste_operators",
      alias: "w",
      order: ["name", "id"],
      key: (row) => [row.name, row.id],
      decode: toWasteOperator,
    });
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO waste_operators (id, company_ref, name, name_key, registration_code,
         country_code, treatments, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         name = excluded.name, name_key = excluded.name_key,
         registration_code = excluded.registration_code, country_code = excluded.country_code,
         treatments = excluded.treatments, updated_at = excluded.updated_at`,
      ),
    );
  }

  invoiceCounts(ids: readonly string[]): number[] {
    return ids.map((id) => this.#invoiceCount().get(id) ?? 0);
  }

  find(id: string): Owned<WasteOperator> | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  findMany(ids: readonly string[]): Owned<WasteOperator>[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  findByName(companyRef: number, nameKey: string): WasteOperator | undefined {
    const row = this.#byName().get(companyRef, nameKey);
    return row === undefined ? undefined : toWasteOperator(row);
  }

  /** One company's page, or every company's; an unknown company is not_found. */
  list(query: WasteOperatorFilter & PageQuery): Page<WasteOperator> {
    return this.#listing.list(query);
  }

  /** What `list` pages, for keyset pages (waste_operators_in_order or _by_name). */
  keyset(filter: WasteOperatorFilter): Keyset<WasteOperatorRow, WasteOperator> {
    return this.#listing.keyset(filter);
  }

  save(record: WasteOperatorRecord, at: string): void {
    this.#upsert().run(
      record.id,
      record.companyRef,
      record.name,
      record.nameKey,
      record.registrationCode,
      record.countryCode,
      JSON.stringify(record.treatments),
      at,
      at,
    );
  }
}

/** The waste operators' table, created by migration 12. */
export const wasteOperatorsTable: PlainSqliteTable<WasteOperatorRepository> = {
  migration: { version: 12, name: "waste operators", up: (db) => db.exec(WASTE_OPERATORS_SCHEMA) },
  open: (db, companies) => new WasteOperatorRepository(db, companies),
};
