/**
 * A list over several companies (a token scoped to more than one, listing without companyId):
 * each company is one sorted source, and a page of their union is merged here in the service's
 * own order. Each source is read only as far as the requested page needs.
 */
import { isCarbonError } from "../core/errors.js";
import { MAX_PAGE_LIMIT, type Page } from "../core/model/common.js";

export interface Window {
  readonly page: number;
  readonly limit: number;
}

export type PageSource<T> = (window: Window) => Promise<Page<T>>;

/** A source whose company does not exist (a token may name one) is empty, not an error. */
export function emptyWhenMissing<T>(source: PageSource<T>): PageSource<T> {
  return async (window) => {
    try {
      return await source(window);
    } catch (error) {
      if (isCarbonError(error) && error.code === "not_found") {
        return { data: [], pagination: { page: window.page, limit: window.limit, total: 0 } };
      }
      throw error;
    }
  };
}

async function head<T>(
  source: PageSource<T>,
  need: number,
): Promise<{ items: T[]; total: number }> {
  const chunk = Math.min(MAX_PAGE_LIMIT, need);
  const items: T[] = [];
  let total = 0;
  for (let page = 1; ; page += 1) {
    const answer = await source({ page, limit: chunk });
    items.push(...answer.data);
    total = answer.pagination.total;
    if (items.length >= need || answer.data.length < chunk || page * chunk >= total) break;
  }
  return { items, total };
}

/** Page `window` of the union of `sources`, each already sorted by `compare`. */
export async function unionPage<T>(
  sources: readonly PageSource<T>[],
  compare: (a: T, b: T) => number,
  window: Window,
): Promise<Page<T>> {
  const only = sources[0];
  if (sources.length === 1 && only !== undefined) return only(window);
  const need = window.page * window.limit;
  const heads = await Promise.all(sources.map((source) => head(source, need)));
  const merged = heads.flatMap((part) => part.items).sort(compare);
  const offset = (window.page - 1) * window.limit;
  return {
    data: merged.slice(offset, offset + window.limit),
    pagination: {
      page: window.page,
      limit: window.limit,
      total: heads.reduce((sum, part) => sum + part.total, 0),
    },
  };
}

/** SQLite's BINARY collation: UTF-8 bytes, so merged pages keep the service's order. */
export function compareText(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** Compares by each key in turn. */
export function byKeys<T>(...keys: ((item: T) => string)[]): (a: T, b: T) => number {
  return (a, b) => {
    for (const key of keys) {
      const order = compareText(key(a), key(b));
      if (order !== 0) return order;
    }
    return 0;
  };
}
