/** A company's custom inputs in SQLite (migration 20): listed by name, upserted by id. */
import type { Page, PageQuery } from "../../core/model/common.js";
import type { CustomInput } from "../../core/model/custom-input.js";
import type { CustomInputFilter } from "../../core/resources/custom-inputs.js";
import type {
  CustomInputRecord,
  CustomInputTable,
  CustomInputUse,
  StoredCustomInput,
} from "../../rules/store.js";
import { customInputOf, plainCustomInput } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import { CompanyListing } from "./company-listing.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";

/** Migration 20: custom inputs, in list order per company and overall. */
export const CUSTOM_INPUTS_SCHEMA = `
CREATE TABLE custom_inputs (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  type TEXT NOT NULL CHECK (type IN ('provider', 'fuel', 'heat', 'waste')),
  name TEXT NOT NULL,
  unit TEXT NOT NULL,
  custom_factor_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX custom_inputs_in_order ON custom_inputs (company_ref, name, id);
CREATE INDEX custom_inputs_by_name ON custom_inputs (name, id);
`;

export interface CustomInputRow {
  ref: number;
  id: string;
  company_id: string;
  company_ref: number;
  type: string;
  name: string;
  unit: string;
  custom_factor_id: string | null;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT i.ref, i.id, co.id AS company_id, i.company_ref, i.type, i.name, i.unit,
  i.custom_factor_id, i.created_at, i.updated_at
  FROM custom_inputs i JOIN companies co ON co.ref = i.company_ref`;

function fromRow(row: CustomInputRow): StoredCustomInput {
  return customInputOf(row);
}

function toCustomInput(row: CustomInputRow): CustomInput {
  return plainCustomInput(row);
}

type UpsertParams = [string, number, string, string, string, string | null, string, string];

export class CustomInputRepository implements CustomInputTable {
  readonly #byId;
  readonly #listing: CompanyListing<CustomInputRow, CustomInput>;
  readonly #upsert;
  readonly #named;
  readonly #invoicesNaming;

  constructor(db: Db, companies: CompanyRepository) {
    this.#invoicesNaming = lazy(() =>
      db.prepare<[string], number>("SELECT count(*) FROM invoices WHERE provider = ?").pluck(),
    );
    this.#named = lazy(() =>
      db.prepare<[number], { count: number; category_ref: number | null }>(
        "SELECT count(*) AS count, min(category_ref) AS category_ref FROM consumptions WHERE input_ref = ?",
      ),
    );
    this.#byId = lazy(() => db.prepare<[string], CustomInputRow>(`${SELECT} WHERE i.id = ?`));
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "custom_inputs",
      alias: "i",
      order: ["name", "id"],
      key: (row) => [row.name, row.id],
      decode: toCustomInput,
    });
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO custom_inputs (id, company_ref, type, name, unit, custom_factor_id,
         created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         type = excluded.type, name = excluded.name, unit = excluded.unit,
         custom_factor_id = excluded.custom_factor_id, updated_at = excluded.updated_at`,
      ),
    );
  }

  find(id: string): StoredCustomInput | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  findMany(ids: readonly string[]): StoredCustomInput[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  /** One company's page, or every company's; an unknown company is not_found. */
  list(query: CustomInputFilter & PageQuery): Page<CustomInput> {
    return this.#listing.list(query);
  }

  /** What `list` pages, for keyset pages (custom_inputs_in_order or _by_name). */
  keyset(filter: CustomInputFilter): Keyset<CustomInputRow, CustomInput> {
    return this.#listing.keyset(filter);
  }

  consumptionsNaming(ref: number): CustomInputUse {
    const row = this.#named().get(ref);
    return { count: row?.count ?? 0, categoryRef: row?.category_ref ?? null };
  }

  consumptionCounts(refs: readonly number[]): number[] {
    return refs.map((ref) => this.consumptionsNaming(ref).count);
  }

  invoiceCounts(ids: readonly string[]): number[] {
    return ids.map((id) => this.#invoicesNaming().get(id) ?? 0);
  }

  save(record: CustomInputRecord, at: string): void {
    this.#upsert().run(
      record.id,
      record.companyRef,
      record.type,
      record.name,
      record.unit,
      record.customFactorId,
      at,
      at,
    );
  }
}
