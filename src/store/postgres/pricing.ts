/**
 * What pricing reads, in PostgreSQL. `PostgresPricingData` is one database's, kept for the
 * process's life and handed to the calculator: `ready` (a transaction's `PostgresPricing`) loads
 * what pricing needs before a batch is priced, and the rest answers from memory, synchronously,
 * as the port asks:
 *
 * - the factor library, read once: every row of every release kept (a release's rows are those
 *   its range holds, by key in priority order), each release's proxies, the grid loss fractions
 *   and the category tree (none changes at run time: only a migration changes them);
 * - at each `ready`, the policy and the custom factors of the companies named (either may have
 *   changed since), and the calculation records added since (calculation-records.ts).
 */

import { CategoryTree } from "../../core/category-tree.js";
import type { CalculationPolicy } from "../../core/model/calculation-policy.js";
import type { EmissionFactor, StoredCustomFactor } from "../../core/model/factor.js";
import type { Calculation } from "../../engine/emission-lines.js";
import type { LossFraction } from "../../engine/loss-fractions.js";
import type { ProxyDesignation } from "../../engine/proxies.js";
import type { PricingData, PricingTable, StoredCategory } from "../../rules/store.js";
import { FACTOR_COLUMNS, type FactorRow, factorFromRow } from "../../shipped/factor-rows.js";
import { GWP_SET_KEY, LIBRARY_VERSION_KEY, PROXY_POLICY_KEY, policyOf } from "../stored-meta.js";
import { PostgresCalculationRecords } from "./calculation-records.js";
import { PostgresCategories } from "./categories.js";
import { PostgresCustomFactors } from "./custom-factors.js";
import { readMeta } from "./meta.js";
import type { Queryable } from "./transactions.js";

/** A library row with the releases that hold it. */
interface KeptFactor {
  readonly factor: EmissionFactor;
  readonly first: number;
  readonly last: number | null;
}

/** One release's library as pricing reads it. */
interface ReleaseView {
  readonly byKey: ReadonlyMap<string, readonly EmissionFactor[]>;
  readonly biogenic: ReadonlyMap<string, number>;
  readonly proxies: readonly ProxyDesignation[];
}

/** What is read once. */
interface Library {
  readonly rows: readonly KeptFactor[];
  readonly proxies: ReadonlyMap<number, readonly ProxyDesignation[]>;
  /** The current release's ref. */
  readonly current: number;
  readonly version: string;
  readonly fractions: readonly LossFraction[];
  readonly categories: CategoryTree<StoredCategory>;
}

async function readLibrary(db: Queryable): Promise<Library> {
  const rows = await db.query<FactorRow & { first_release: number; last_release: number | null }>(
    `SELECT ${FACTOR_COLUMNS}, first_release, last_release FROM emission_factors
      ORDER BY priority, ref`,
  );
  const proxies = await db.query<ProxyDesignation & { release_ref: number }>(
    `SELECT release_ref, key, country, proxy_key AS "proxyKey", proxy_country AS "proxyCountry",
       reason FROM factor_release_proxies ORDER BY release_ref, key, country`,
  );
  const byRelease = new Map<number, ProxyDesignation[]>();
  for (const { release_ref, ...designation } of proxies.rows) {
    const list = byRelease.get(release_ref);
    if (list === undefined) byRelease.set(release_ref, [designation]);
    else list.push(designation);
  }
  const current = await db.query<{ ref: number }>("SELECT max(ref) AS ref FROM factor_releases");
  const meta = await readMeta(db, [LIBRARY_VERSION_KEY]);
  const fractions = await db.query<LossFraction>(
    `SELECT key, country, year, value, source, source_ref AS "sourceRef"
       FROM grid_loss_fractions ORDER BY key, country, year`,
  );
  return {
    rows: rows.rows.map((row) => ({
      factor: factorFromRow(row),
      first: row.first_release,
      last: row.last_release,
    })),
    proxies: byRelease,
    current: current.rows[0]?.ref ?? 0,
    version: meta.get(LIBRARY_VERSION_KEY) ?? "unknown",
    fractions: fractions.rows,
    categories: new CategoryTree(await new PostgresCategories(db).all()),
  };
}

/**
 * The libraries read in this process, by what identifies one: the releases a database holds
 * (refs, versions, counts) and its version and category count. Releases come only from carbon's
 * migrations, so two databases with the same ones hold the same library (a test run's databases,
 * copies of one template), and the second reads only that signature.
 */
const libraries = new Map<string, Promise<Library>>();

async function librarySignature(db: Queryable): Promise<string> {
  const found = await db.query<{ signature: string }>(
    `SELECT concat_ws('|',
       (SELECT string_agg(concat_ws(',', ref, version, factors, added, changed, removed), ';'
          ORDER BY ref) FROM factor_releases),
       (SELECT value FROM carbon_meta WHERE key = $1),
       (SELECT count(*) FROM categories),
       (SELECT count(*) FROM grid_loss_fractions)) AS signature`,
    [LIBRARY_VERSION_KEY],
  );
  return found.rows[0]?.signature ?? "";
}

/** The library of the database, read once per process for databases that hold the same one. */
async function libraryOf(db: Queryable): Promise<Library> {
  const signature = await librarySignature(db);
  let library = libraries.get(signature);
  if (library === undefined) {
    library = readLibrary(db);
    libraries.set(signature, library);
    library.catch(() => libraries.delete(signature));
  }
  return library;
}

export class PostgresPricingData implements PricingData {
  #library: Library | undefined;
  /** Per release ref (0: the current release). */
  readonly #views = new Map<number, ReleaseView>();
  #policy: CalculationPolicy | undefined;
  readonly #custom = new Map<number, StoredCustomFactor[]>();
  readonly #records: PostgresCalculationRecords;

  /** `reserve`: keys of new calculation records kept at hand (calculation-records.ts). */
  constructor(options: { readonly reserve?: number } = {}) {
    this.#records = new PostgresCalculationRecords(
      (codeOrId) => this.category(codeOrId),
      options.reserve,
    );
  }

  /** Loads what pricing the companies' consumptions needs, on the transaction's connection. */
  async load(db: Queryable, companyRefs: readonly number[], owner: object): Promise<void> {
    this.#library ??= await libraryOf(db);
    const meta = await readMeta(db, [GWP_SET_KEY, PROXY_POLICY_KEY]);
    this.#policy = policyOf(meta.get(GWP_SET_KEY), meta.get(PROXY_POLICY_KEY));
    const factors = await new PostgresCustomFactors(db).ofCompanies(companyRefs);
    for (const [companyRef, list] of factors) this.#custom.set(companyRef, list);
    await this.#records.sync(db, owner);
  }

  /** Writes the new calculation records handed out, before rows naming them are written. */
  flush(db: Queryable): Promise<void> {
    return this.#records.flush(db);
  }

  /** The category tree (read by the first `load`, or by `categories`). */
  get categories(): CategoryTree<StoredCategory> {
    return this.#loaded().categories;
  }

  #loaded(): Library {
    if (this.#library === undefined) throw new Error("pricing data used before it is ready");
    return this.#library;
  }

  #view(releaseRef: number | undefined): ReleaseView {
    const library = this.#loaded();
    const ref = releaseRef ?? library.current;
    let view = this.#views.get(ref);
    if (view === undefined) {
      const byKey = new Map<string, EmissionFactor[]>();
      const biogenic = new Map<string, number>();
      for (const { factor, first, last } of library.rows) {
        const held =
          releaseRef === undefined ? last === null : first <= ref && (last ?? ref) >= ref;
        if (!held) continue;
        const rows = byKey.get(factor.key);
        if (rows === undefined) byKey.set(factor.key, [factor]);
        else rows.push(factor);
        if (factor.biogenicCo2 !== null) biogenic.set(factor.id, factor.biogenicCo2);
      }
      view = { byKey, biogenic, proxies: library.proxies.get(ref) ?? [] };
      this.#views.set(ref, view);
    }
    return view;
  }

  factorRows(key: string, releaseRef?: number): readonly EmissionFactor[] {
    return this.#view(releaseRef).byKey.get(key) ?? [];
  }

  proxies(releaseRef?: number): readonly ProxyDesignation[] {
    return this.#view(releaseRef).proxies;
  }

  policy(): CalculationPolicy {
    if (this.#policy === undefined) throw new Error("pricing data used before it is ready");
    return this.#policy;
  }

  libraryVersion(): string {
    return this.#loaded().version;
  }

  customFactors(companyRef: number): StoredCustomFactor[] {
    const factors = this.#custom.get(companyRef);
    if (factors === undefined) {
      throw new Error(`custom factors of company ref ${companyRef} asked before they were read`);
    }
    return factors;
  }

  lossFractions(): readonly LossFraction[] {
    return this.#loaded().fractions;
  }

  biogenic(releaseRef: number | undefined): ReadonlyMap<string, number> {
    return this.#view(releaseRef).biogenic;
  }

  category(codeOrId: string): StoredCategory | undefined {
    return this.#loaded().categories.find(codeOrId);
  }

  calculationRef(calculation: Calculation): number {
    return this.#records.refOf(calculation);
  }

  forgetCalculations(): void {
    this.#records.forget();
  }
}

/** Pricing as one transaction asks for it. */
export class PostgresPricing implements PricingTable {
  readonly #db: Queryable;
  readonly #data: PostgresPricingData;
  /** In a read-only transaction, the companies loaded in it (undefined: nothing yet). */
  readonly #loaded: Set<number> | undefined;
  #loadedOnce = false;

  constructor(db: Queryable, data: PostgresPricingData, readOnly = false) {
    this.#db = db;
    this.#data = data;
    this.#loaded = readOnly ? new Set() : undefined;
  }

  async ready(companyRefs: readonly number[]): Promise<PricingData> {
    const loaded = this.#loaded;
    if (loaded !== undefined && this.#loadedOnce && companyRefs.every((ref) => loaded.has(ref))) {
      return this.#data;
    }
    await this.#data.load(this.#db, companyRefs, this);
    this.#loadedOnce = true;
    for (const ref of companyRefs) loaded?.add(ref);
    return this.#data;
  }
}
