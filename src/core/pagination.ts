import { usageError } from "./errors.js";
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type Page, type PageQuery } from "./model/common.js";

export interface PageWindow {
  readonly page: number;
  readonly limit: number;
  readonly offset: number;
}

/** page >= 1 (default 1), 1 <= limit <= 500 (default 50); anything else is a usage error. */
export function pageWindow(query: PageQuery): PageWindow {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  if (!Number.isInteger(page) || page < 1) {
    throw usageError(`page must be a whole number of 1 or more, got ${page}`);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw usageError(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}, got ${limit}`);
  }
  return { page, limit, offset: (page - 1) * limit };
}

export function pageOf<T>(data: readonly T[], window: PageWindow, total: number): Page<T> {
  return { data, pagination: { page: window.page, limit: window.limit, total } };
}

/** Pages an in-memory, already ordered list. */
export function pageOfList<T>(all: readonly T[], query: PageQuery): Page<T> {
  const window = pageWindow(query);
  return pageOf(all.slice(window.offset, window.offset + window.limit), window, all.length);
}
