/**
 * What the store's keys in consumption rows stand for on PostgreSQL, for one transaction: the
 * category tree (read whole the first time a read asks, the filters look categories up before
 * any row; once for every transaction of the store when they share a SharedCategoryTree), and
 * the companies, buildings, custom inputs and calculation records the rows read so
 * far name (each read looks up the keys it has not met yet, in one statement a kind). Nothing is
 * read per row, and a database of many companies is never read whole to answer one company's page.
 */
import { CategoryTree } from "../../core/category-tree.js";
import type {
  BuildingReference,
  CalculationRecord,
  CalculationRecords,
  CategoryLookup,
  ConsumptionReadRow,
  InputReference,
  RowReferences,
  StoredCategory,
} from "../../rules/store.js";
import { type CategoryColumns, categoryOf } from "../stored-records.js";
import type { Queryable } from "./transactions.js";

/** The meta key of the library version of rows stored awaiting a factor before records existed. */
const LEGACY_LIBRARY_VERSION_KEY = "library_version_before_lines";

const CATEGORIES = `SELECT c.ref, c.id, c.code, c.level, p.id AS parent_id, c.scope, c.name,
    c.default_unit, c.factor_key, c.market_factor_key
  FROM categories c LEFT JOIN categories p ON p.ref = c.parent_ref ORDER BY c.ref`;

const RECORDS = `SELECT ref, factor_id AS "factorId", factor_source AS "factorSource",
    factor_year AS "factorYear", factor_unit AS "factorUnit", factor_value AS "factorValue",
    resolution, gwp_set AS "gwpSet", geography, market_factor_id AS "marketFactorId",
    market_basis AS "marketBasis", market_resolution AS "marketResolution",
    market_geography AS "marketGeography", market_factor_year AS "marketFactorYear",
    market_gwp_set AS "marketGwpSet", library_version AS "libraryVersion", lines
  FROM emission_provenance WHERE ref = ANY($1::bigint[])`;

/** The category tree as the database has it. */
async function readTree(db: Queryable): Promise<CategoryTree<StoredCategory>> {
  const rows = await db.query<CategoryColumns>(CATEGORIES);
  return new CategoryTree(rows.rows.map(categoryOf));
}

/**
 * The category tree read once for every transaction of a store: it never changes while the
 * store is open (the migrations seed it). A read that fails is not kept: the next one reads
 * again, on its own transaction's connection.
 */
export class SharedCategoryTree {
  #tree: Promise<CategoryTree<StoredCategory>> | undefined;

  async read(db: Queryable): Promise<CategoryTree<StoredCategory>> {
    if (this.#tree === undefined) {
      const reading = readTree(db);
      this.#tree = reading;
      reading.catch(() => {
        if (this.#tree === reading) this.#tree = undefined;
      });
    }
    try {
      return await this.#tree;
    } catch {
      // Another transaction's read failed (its connection, not ours): this one reads it.
      return readTree(db);
    }
  }
}

/** Entries a shared map keeps at most; past it, it starts over. */
const SHARED_KEPT = 100_000;

/**
 * What the keys of committed rows name that is never rewritten, for every transaction of a
 * store: a calculation record (keyed by its content, never updated or deleted), a company's id
 * (its key is never reused), and the legacy library version (written by a migration). Only
 * read-only transactions add to it: what a writing one read may be its own and roll back.
 */
export class SharedKeys {
  readonly records = new Map<number, CalculationRecord>();
  readonly companies = new Map<number, string>();
  legacyVersion: string | null | undefined;
}

/** Copies `from` into `into`, as far as `into` has room. */
function keep<V>(into: Map<number, V>, from: ReadonlyMap<number, V>, refs: readonly number[]) {
  if (into.size + refs.length > SHARED_KEPT) into.clear();
  for (const ref of refs) {
    const value = from.get(ref);
    if (value !== undefined) into.set(ref, value);
  }
}

/** The keys not met yet among `refs` (nulls passed over). */
function missing(refs: Iterable<number | null>, known: ReadonlyMap<number, unknown>): number[] {
  const wanted = new Set<number>();
  for (const ref of refs) if (ref !== null && !known.has(ref)) wanted.add(ref);
  return [...wanted];
}

export class PostgresRowReferences implements RowReferences, CalculationRecords {
  readonly #db: Queryable;
  #categories: CategoryTree<StoredCategory> | undefined;
  readonly #companies = new Map<number, string>();
  readonly #buildings = new Map<number, BuildingReference>();
  readonly #inputs = new Map<number, InputReference>();
  readonly #records = new Map<number, CalculationRecord>();
  /** Undefined until read (once a transaction). */
  #legacyVersion: string | null | undefined;

  readonly #tree: SharedCategoryTree | undefined;
  readonly #shared: SharedKeys | undefined;
  /** Whether what this transaction reads goes into the shared keys (a read-only one's does). */
  readonly #shares: boolean;

  /**
   * Without a shared tree, the first read of each transaction reads the tree; with shared keys,
   * what they hold is not read again, and with `shares` what is read is added to them.
   */
  constructor(db: Queryable, tree?: SharedCategoryTree, shared?: SharedKeys, shares = false) {
    this.#db = db;
    this.#tree = tree;
    this.#shared = shared;
    this.#shares = shares;
  }

  /** The refs of `refs` neither this transaction nor the shared keys know, taken from those. */
  #unknown<V>(
    refs: Iterable<number | null>,
    own: Map<number, V>,
    shared: ReadonlyMap<number, V> | undefined,
  ): number[] {
    const wanted = missing(refs, own);
    if (shared === undefined) return wanted;
    return wanted.filter((ref) => {
      const value = shared.get(ref);
      if (value === undefined) return true;
      own.set(ref, value);
      return false;
    });
  }

  get categories(): CategoryLookup {
    if (this.#categories === undefined) throw new Error("the category tree is not loaded");
    return this.#categories;
  }

  /** Reads the category tree, if not read yet: what a read's filter looks categories up in. */
  async load(): Promise<this> {
    this.#categories ??= await (this.#tree?.read(this.#db) ?? readTree(this.#db));
    return this;
  }

  /** Reads what the rows' keys name that no read has met yet: a statement a kind, at most. */
  async cover(rows: readonly ConsumptionReadRow[]): Promise<void> {
    const shared = this.#shared;
    const companies = this.#unknown(
      rows.map((row) => row[2]),
      this.#companies,
      shared?.companies,
    );
    if (companies.length > 0) {
      const found = await this.#db.query<{ ref: number; id: string }>(
        "SELECT ref, id FROM companies WHERE ref = ANY($1::bigint[])",
        [companies],
      );
      for (const row of found.rows) this.#companies.set(row.ref, row.id);
      if (shared !== undefined && this.#shares) keep(shared.companies, this.#companies, companies);
    }
    const buildings = missing(
      rows.map((row) => row[3]),
      this.#buildings,
    );
    if (buildings.length > 0) {
      const found = await this.#db.query<{ ref: number; id: string; name: string }>(
        "SELECT ref, id, name FROM buildings WHERE ref = ANY($1::bigint[])",
        [buildings],
      );
      for (const row of found.rows) this.#buildings.set(row.ref, { id: row.id, name: row.name });
    }
    const inputs = missing(
      rows.map((row) => row[19]),
      this.#inputs,
    );
    if (inputs.length > 0) {
      const found = await this.#db.query<{ ref: number; id: string; type: string }>(
        "SELECT ref, id, type FROM custom_inputs WHERE ref = ANY($1::bigint[])",
        [inputs],
      );
      for (const row of found.rows) this.#inputs.set(row.ref, { id: row.id, type: row.type });
    }
  }

  /** Reads the calculation records of these keys not read yet, and the legacy version once. */
  async records(refs: readonly (number | null)[]): Promise<this> {
    const shared = this.#shared;
    const wanted = this.#unknown(refs, this.#records, shared?.records);
    if (wanted.length > 0) {
      const found = await this.#db.query<CalculationRecord & { ref: number }>(RECORDS, [wanted]);
      for (const { ref, ...record } of found.rows) this.#records.set(ref, record);
      if (shared !== undefined && this.#shares) keep(shared.records, this.#records, wanted);
    }
    if (this.#legacyVersion === undefined) this.#legacyVersion = shared?.legacyVersion;
    if (this.#legacyVersion === undefined) {
      const found = await this.#db.query<{ value: string }>(
        "SELECT value FROM carbon_meta WHERE key = $1",
        [LEGACY_LIBRARY_VERSION_KEY],
      );
      this.#legacyVersion = found.rows[0]?.value ?? null;
      if (shared !== undefined && this.#shares) shared.legacyVersion = this.#legacyVersion;
    }
    return this;
  }

  companyId(ref: number): string {
    const id = this.#companies.get(ref);
    if (id === undefined) throw new Error(`company ref ${ref} is not loaded`);
    return id;
  }

  /** A building a read found with its rows (what `cover` then need not read). */
  knowBuilding(ref: number, building: BuildingReference): void {
    this.#buildings.set(ref, building);
  }

  building(ref: number): BuildingReference {
    const building = this.#buildings.get(ref);
    if (building === undefined) throw new Error(`building ref ${ref} is not loaded`);
    return building;
  }

  input(ref: number): InputReference {
    const input = this.#inputs.get(ref);
    if (input === undefined) throw new Error(`custom input ref ${ref} is not loaded`);
    return input;
  }

  get(ref: number): CalculationRecord | undefined {
    return this.#records.get(ref);
  }

  get legacyLibraryVersion(): string | null {
    if (this.#legacyVersion === undefined) throw new Error("calculations are not loaded");
    return this.#legacyVersion;
  }
}
