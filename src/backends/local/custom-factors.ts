import { validationError } from "../../core/errors.js";
import type { Page } from "../../core/model/common.js";
import {
  type CustomFactorInput,
  customFactorInputSchema,
  type FactorBasis,
  type StoredCustomFactor,
  validityOf,
} from "../../core/model/factor.js";
import { ownerConflict } from "../../core/ownership.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { CustomFactorQuery } from "../../core/service.js";
import { parseInput } from "../../core/validate.js";
import { unitProblem } from "../../rules/unit-check.js";
import type { CategoryCatalog, StoredCategory } from "../../store/sqlite/categories.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";
import type { FactorReach } from "./custom-factor-scope.js";

interface CustomFactorRow {
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
  return {
    id: row.id,
    companyId: row.company_id,
    categoryId: row.category_id,
    basis: row.basis,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    unit: row.unit,
    co2e: row.co2e,
    co2: row.co2,
    ch4: row.ch4,
    n2o: row.n2o,
    source: row.source,
    createdAt: row.created_at,
  };
}

/** What changed, so the caller can recalculate the emissions it affects. */
export interface CustomFactorUpsert {
  readonly factor: StoredCustomFactor;
  readonly changed: boolean;
  readonly companyRef: number;
  /** The factor as it is, and as it was before a change (its subcategory and validity). */
  readonly reach: readonly FactorReach[];
}

export class CustomFactorRepository {
  readonly #companies: CompanyRepository;
  readonly #catalog: CategoryCatalog;
  readonly #byId;
  readonly #ofCompany;
  readonly #page;
  readonly #count;
  readonly #upsert;
  readonly #delete;

  constructor(db: Db, companies: CompanyRepository, catalog: CategoryCatalog) {
    this.#companies = companies;
    this.#catalog = catalog;
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
    this.#upsert = lazy(() =>
      db.prepare(
        `INSERT INTO custom_factors (id, company_ref, category_ref, basis, valid_from, valid_to, unit, co2e, co2, ch4, n2o, source, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET category_ref = excluded.category_ref, basis = excluded.basis,
         valid_from = excluded.valid_from, valid_to = excluded.valid_to, unit = excluded.unit, co2e = excluded.co2e, co2 = excluded.co2,
         ch4 = excluded.ch4, n2o = excluded.n2o, source = excluded.source`,
      ),
    );
    this.#delete = lazy(() => db.prepare<[string]>("DELETE FROM custom_factors WHERE id = ?"));
  }

  /** The factor with this id, and the refs its emissions are recalculated by. */
  find(id: string):
    | {
        readonly factor: StoredCustomFactor;
        readonly companyRef: number;
        readonly categoryRef: number;
      }
    | undefined {
    const row = this.#byId().get(id.trim().toLowerCase());
    if (row === undefined) return undefined;
    return { factor: fromRow(row), companyRef: row.company_ref, categoryRef: row.category_ref };
  }

  /** Deletes by id; the caller recalculates the emissions it was used for. */
  delete(id: string): void {
    this.#delete().run(id.trim().toLowerCase());
  }

  ofCompany(companyRef: number): StoredCustomFactor[] {
    return this.#ofCompany().all(companyRef).map(fromRow);
  }

  list(query: CustomFactorQuery): Page<StoredCustomFactor> {
    const window = pageWindow(query);
    const company = this.#companies.get(query.companyId);
    const rows = this.#page().all(company.ref, window.limit, window.offset);
    return pageOf(rows.map(fromRow), window, this.#count().get(company.ref) ?? 0);
  }

  /** What `list` pages, for keyset pages (index custom_factors_in_order). */
  keyset(filter: { readonly companyId: string }): Keyset<CustomFactorRow, StoredCustomFactor> {
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

  /**
   * Upsert by id. The company must exist (not_found); the category must be a subcategory and the
   * unit must convert to its default unit (validation). A factor keeps its company (conflict).
   */
  upsert(input: CustomFactorInput): CustomFactorUpsert {
    const parsed = parseInput(customFactorInputSchema, input, "custom emission factor");
    const id = parsed.id.toLowerCase();
    const company = this.#companies.get(parsed.companyId);
    const category = this.#subcategory(parsed.categoryId);
    const unitIssue = unitProblem(parsed.unit, category);
    if (unitIssue !== undefined) {
      throw validationError(unitIssue, [{ path: "unit", message: unitIssue }]);
    }
    const beforeRow = this.#byId().get(id);
    if (beforeRow !== undefined && beforeRow.company_ref !== company.ref) {
      throw ownerConflict("custom factor", id, beforeRow.company_id, company.id);
    }
    const before = beforeRow === undefined ? undefined : fromRow(beforeRow);
    const next: StoredCustomFactor = {
      id,
      companyId: company.id,
      categoryId: category.id,
      basis: parsed.basis,
      ...validityOf(parsed),
      unit: parsed.unit,
      co2e: parsed.co2e,
      co2: parsed.co2,
      ch4: parsed.ch4,
      n2o: parsed.n2o,
      source: parsed.source,
      createdAt: before?.createdAt ?? new Date().toISOString(),
    };
    const reach: FactorReach[] = [{ categoryRef: category.ref, validity: next }];
    if (beforeRow !== undefined && before !== undefined) {
      reach.push({ categoryRef: beforeRow.category_ref, validity: before });
    }
    if (before !== undefined && sameFactor(before, next)) {
      return { factor: before, changed: false, companyRef: company.ref, reach };
    }
    this.#upsert().run(
      id,
      company.ref,
      category.ref,
      next.basis,
      next.validFrom,
      next.validTo,
      next.unit,
      next.co2e,
      next.co2,
      next.ch4,
      next.n2o,
      next.source,
      next.createdAt,
    );
    return { factor: next, changed: true, companyRef: company.ref, reach };
  }

  #subcategory(categoryId: string): StoredCategory {
    const category = this.#catalog.find(categoryId);
    if (category === undefined || category.level !== "subcategory") {
      const message =
        category === undefined
          ? `unknown category ${categoryId}`
          : `category ${category.code} is a ${category.level}; custom factors apply to a subcategory`;
      throw validationError(message, [{ path: "categoryId", message }]);
    }
    return category;
  }
}

function sameFactor(a: StoredCustomFactor, b: StoredCustomFactor): boolean {
  return (
    a.categoryId === b.categoryId &&
    a.basis === b.basis &&
    a.validFrom === b.validFrom &&
    a.validTo === b.validTo &&
    a.unit === b.unit &&
    a.co2e === b.co2e &&
    a.co2 === b.co2 &&
    a.ch4 === b.ch4 &&
    a.n2o === b.n2o &&
    a.source === b.source
  );
}
