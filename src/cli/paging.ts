import { CarbonError } from "../core/errors.js";
import { MAX_PAGE_LIMIT, type Page, type PageQuery } from "../core/model/common.js";
import type { Context } from "./context.js";
import type { Paging } from "./flags.js";

/**
 * The rows a list command prints: one page, or every page with --all. Without --all, when more
 * rows exist, a note on stderr (a terminal only, not with --quiet) says how to get them.
 */
export async function fetchRows<T>(
  ctx: Context,
  paging: Paging,
  fetchPage: (query: PageQuery) => Promise<Page<T>>,
): Promise<readonly T[]> {
  if (paging.all) return fetchAll(ctx, paging.limit ?? MAX_PAGE_LIMIT, fetchPage);
  const query: PageQuery = {
    ...(paging.page === undefined ? {} : { page: paging.page }),
    ...(paging.limit === undefined ? {} : { limit: paging.limit }),
  };
  const page = await fetchPage(query);
  const { pagination } = page;
  const seen = (pagination.page - 1) * pagination.limit + page.data.length;
  if (seen < pagination.total && ctx.io.stderrIsTty && ctx.globals().quiet !== true) {
    ctx.io.err(
      `showing ${page.data.length} of ${pagination.total}; use --all or --page ${pagination.page + 1}`,
    );
  }
  return page.data;
}

async function fetchAll<T>(
  ctx: Context,
  limit: number,
  fetchPage: (query: PageQuery) => Promise<Page<T>>,
): Promise<readonly T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    if (ctx.signal.aborted) throw new CarbonError("interrupted", "interrupted while listing");
    const result = await fetchPage({ page, limit });
    rows.push(...result.data);
    if (result.data.length === 0 || rows.length >= result.pagination.total) return rows;
  }
}
