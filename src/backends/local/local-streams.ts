import { MAX_PAGE_LIMIT } from "../../core/model/common.js";
import { pageWindow } from "../../core/pagination.js";
import type { ListFilter, ListName, ListRow, StreamOptions } from "../../core/service.js";
import { filterCategories, toCategory } from "../../rules/category-tree.js";
import { glecEntryOf } from "../../rules/glec.js";
import type { CategoryLookup } from "../../rules/store.js";
import type { AuditLog } from "../../store/sqlite/audit.js";
import type { BuildingRepository } from "../../store/sqlite/buildings.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { KeysetReader } from "../../store/sqlite/keyset.js";
import type { FactorKeysets } from "./factors.js";
import { type LocalTables, plainReaders } from "./plain-resources.js";
import type { ConsumptionQueries } from "./queries.js";

/** One list's pages of at most `limit` rows: each `next()` reads one page. */
export type PageReader<T> = (limit: number) => Generator<readonly T[], void, undefined>;

export type ListReaders = {
  readonly [K in ListName]: (filter: ListFilter<K>) => PageReader<ListRow<K>>;
};

export interface StreamSources {
  readonly reader: KeysetReader;
  readonly tables: LocalTables;
  readonly catalog: CategoryLookup;
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly factors: FactorKeysets;
  readonly queries: ConsumptionQueries;
  readonly audit: AuditLog;
}

/** Pages of `limit` emission lines (the last one fewer) from pages of consumptions' lines. */
function* linePages<T>(
  rows: Generator<readonly (readonly T[])[], void, undefined>,
  limit: number,
): Generator<readonly T[], void, undefined> {
  let page: T[] = [];
  for (const rowPage of rows) {
    for (const lines of rowPage) {
      for (const line of lines) {
        page.push(line);
        if (page.length === limit) {
          yield page;
          page = [];
        }
      }
    }
  }
  if (page.length > 0) yield page;
}

/** Slices of a list already in memory (the category tree). */
function* slices<T>(all: readonly T[], limit: number): Generator<readonly T[], void, undefined> {
  for (let start = 0; start < all.length; start += limit) yield all.slice(start, start + limit);
}

/**
 * Every list of the local engine as keyset pages on its own order's index. A filter naming an
 * unknown company or building throws on the first page, as the list does.
 */
export function listReaders(s: StreamSources): ListReaders {
  // Each plain resource's pages of its own table, for its own filter and rows.
  const plain = plainReaders(s.reader, s.tables) as unknown as Pick<
    ListReaders,
    keyof ReturnType<typeof plainReaders>
  >;
  return {
    ...plain,
    companies: () => (limit) => s.reader.pages(s.companies.keyset(), limit),
    buildings: (filter) => (limit) => s.reader.pages(s.buildings.keyset(filter), limit),
    categories: (filter) => (limit) =>
      slices(filterCategories(s.catalog, filter).map(toCategory), limit),
    factors: (filter) => (limit) => s.reader.pages(s.factors.keyset(filter), limit),
    customFactors: (filter) => (limit) =>
      s.reader.pages(s.tables.customFactors.keyset(filter), limit),
    consumptions: (filter) => (limit) =>
      s.reader.merged(s.queries.consumptionKeysets(filter), limit),
    emissions: (filter) => (limit) =>
      linePages(s.reader.merged(s.queries.emissionKeysets(filter), limit), limit),
    suppliers: (filter) => (limit) => s.reader.pages(s.tables.suppliers.keyset(filter), limit),
    glecEntries: (filter) => (limit) => {
      const keyset = s.tables.glec.keyset(filter);
      return s.reader.pages({ ...keyset, decode: (row) => glecEntryOf(keyset.decode(row)) }, limit);
    },
    audit: (filter) => (limit) => s.reader.pages(s.audit.keyset(filter), limit),
    comments: (filter) => (limit) => s.reader.pages(s.tables.comments.keyset(filter), limit),
    goals: (filter) => (limit) => s.reader.pages(s.tables.goals.keyset(filter), limit),
    tasks: (filter) => (limit) => s.reader.pages(s.tables.tasks.keyset(filter), limit),
    invoices: (filter) => (limit) => s.reader.pages(s.tables.invoices.keyset(filter), limit),
    effluents: (filter) => (limit) => s.reader.pages(s.tables.effluents.keyset(filter), limit),
    vehicles: (filter) => (limit) => s.reader.pages(s.tables.vehicles.keyset(filter), limit),
    certificates: (filter) => (limit) =>
      s.reader.pages(s.tables.certificates.keyset(filter), limit),
    customInputs: (filter) => (limit) =>
      s.reader.pages(s.tables.customInputs.keyset(filter), limit),
    organizationLimits: (filter) => (limit) =>
      s.reader.pages(s.tables.organizationLimits.keyset(filter), limit),
    users: (filter) => (limit) => s.reader.pages(s.tables.users.keyset(filter), limit),
  };
}

/**
 * A list's pages, each read on its own through `read` (the service's read: caches checked,
 * errors translated), so the service stays usable between pages and no read stays open while
 * the caller writes a page out. Rows committed meanwhile after the current key are included;
 * nothing is listed twice.
 */
export async function* streamPages<K extends ListName>(
  readers: ListReaders,
  list: K,
  filter: ListFilter<K>,
  options: StreamOptions,
  read: <T>(fn: () => T) => T,
): AsyncGenerator<readonly ListRow<K>[], void, undefined> {
  const { limit } = pageWindow({ limit: options.pageSize ?? MAX_PAGE_LIMIT });
  const pages = read(() => readers[list](filter)(limit));
  for (;;) {
    const next = read(() => pages.next());
    if (next.done === true) return;
    yield next.value;
    // Reads are synchronous: let timers, signals (Ctrl-C) and other requests run between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
