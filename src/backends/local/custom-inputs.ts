/** A company's custom inputs in SQLite (migration 20): listed by name, upserted by id. */
import { CarbonError, notFound, validationError } from "../../core/errors.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import {
  type CustomInput,
  type CustomInputInput,
  customInputInputSchema,
} from "../../core/model/custom-input.js";
import { ownerConflict } from "../../core/ownership.js";
import type { CustomInputFilter } from "../../core/resources/custom-inputs.js";
import { parseInput } from "../../core/validate.js";
import { findUnit } from "../../engine/units.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import { CompanyListing } from "../../store/sqlite/company-listing.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";
import type { CustomFactorRepository } from "./custom-factors.js";
import type { RecalculationScope } from "./recalculate.js";

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

function fromRow(row: CustomInputRow): CustomInput {
  return {
    id: row.id,
    companyId: row.company_id,
    type: row.type,
    name: row.name,
    unit: row.unit,
    customFactorId: row.custom_factor_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type UpsertParams = [string, number, string, string, string, string | null, string, string];

export class CustomInputRepository {
  readonly #companies: CompanyRepository;
  readonly #customFactors: CustomFactorRepository;
  readonly #byId;
  readonly #listing: CompanyListing<CustomInputRow, CustomInput>;
  readonly #upsert;

  readonly #named;
  readonly #invoicesNaming;
  readonly #recalculate: (scope: RecalculationScope) => void;

  /** `recalculate` redoes the emissions of the consumptions naming an input whose factor changed. */
  constructor(
    db: Db,
    companies: CompanyRepository,
    customFactors: CustomFactorRepository,
    recalculate: (scope: RecalculationScope) => void,
  ) {
    this.#companies = companies;
    this.#customFactors = customFactors;
    this.#recalculate = recalculate;
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
      decode: fromRow,
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

  /** An input that consumptions or invoices name stays: they would lose what prices them. */
  deletionRefusal(id: string): string | undefined {
    const row = this.#byId().get(id.trim().toLowerCase());
    if (row === undefined) return undefined;
    const consumptions = this.#named().get(row.ref)?.count ?? 0;
    const invoices = this.#invoicesNaming().get(row.id) ?? 0;
    if (consumptions === 0 && invoices === 0) return undefined;
    const named = [
      consumptions === 0 ? "" : `${consumptions} consumption${consumptions === 1 ? "" : "s"}`,
      invoices === 0 ? "" : `${invoices} invoice${invoices === 1 ? "" : "s"}`,
    ]
      .filter((text) => text !== "")
      .join(" and ");
    return `custom input ${row.id} is named by ${named}; name another input there (or none) first`;
  }

  get(id: string): CustomInput {
    const row = this.#byId().get(id.trim().toLowerCase());
    if (row === undefined) throw notFound("custom input", id);
    return fromRow(row);
  }

  /** One company's page, or every company's; an unknown company is not_found. */
  list(query: CustomInputFilter & PageQuery): Page<CustomInput> {
    return this.#listing.list(query);
  }

  keyset(filter: CustomInputFilter): Keyset<CustomInputRow, CustomInput> {
    return this.#listing.keyset(filter);
  }

  /**
   * Upsert by id, replacing every field but createdAt: the company must exist and stays, the
   * unit must be one carbon converts, and a custom factor must be the company's own.
   */
  upsert(input: CustomInputInput): CustomInput {
    const parsed = parseInput(customInputInputSchema, input, "custom input");
    const id = parsed.id.toLowerCase();
    const company = this.#companies.get(parsed.companyId);
    const before = this.#byId().get(id);
    if (before !== undefined && before.company_ref !== company.ref) {
      throw ownerConflict("custom input", id, before.company_id, company.id);
    }
    const unit = findUnit(parsed.unit);
    if (unit === undefined) {
      throw validationError(
        `invalid custom input: unit: expected a unit carbon converts (kWh, l, kg, t, m3, km...), got "${parsed.unit}"`,
        [{ path: "unit", message: "expected a unit carbon converts" }],
      );
    }
    const factorId = parsed.customFactorId?.toLowerCase() ?? null;
    const factor = factorId === null ? undefined : this.#customFactors.find(factorId);
    if (factorId !== null && (factor === undefined || factor.companyRef !== company.ref)) {
      throw new CarbonError(
        "not_found",
        `custom factor ${factorId} not found (at customFactorId)`,
        {
          issues: [{ path: "customFactorId", message: "not a custom factor of the company" }],
        },
      );
    }
    const named = before === undefined ? undefined : this.#named().get(before.ref);
    if (before !== undefined && named !== undefined && named.count > 0) {
      this.#checkNamed(before, named, parsed.type, unit.name, factor?.categoryRef ?? null);
    }
    const now = new Date().toISOString();
    this.#upsert().run(id, company.ref, parsed.type, parsed.name, unit.name, factorId, now, now);
    if (before !== undefined && named !== undefined && named.count > 0) {
      if (before.custom_factor_id !== factorId) {
        this.#recalculate({ companyRef: company.ref, inputRef: before.ref });
      }
    }
    return this.get(id);
  }

  /**
   * An input that consumptions name keeps its type and unit (their fields and quantities were
   * checked against them), and its factor stays one of their category.
   */
  #checkNamed(
    before: CustomInputRow,
    named: { count: number; category_ref: number | null },
    type: string,
    unit: string,
    factorCategoryRef: number | null,
  ): void {
    const changed =
      before.type !== type
        ? { path: "type", what: `its type (${before.type})` }
        : before.unit !== unit
          ? { path: "unit", what: `its unit (${before.unit})` }
          : factorCategoryRef !== null && factorCategoryRef !== named.category_ref
            ? { path: "customFactorId", what: "a custom factor of their category" }
            : undefined;
    if (changed === undefined) return;
    const count = `${named.count} consumption${named.count === 1 ? "" : "s"}`;
    throw new CarbonError(
      "conflict",
      `custom input ${before.id} is named by ${count}: it keeps ${changed.what}`,
      {
        issues: [{ path: changed.path, message: `named by ${count}` }],
        hint: "create a new custom input for the change, and name it in new consumptions",
      },
    );
  }
}
