import type { z } from "zod";
import { CarbonError } from "../../core/errors.js";
import { MAX_PAGE_LIMIT, type Page } from "../../core/model/common.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { HttpClient, QueryValue } from "./client.js";

export interface PageWindow {
  readonly page: number;
  readonly limit: number;
}

/**
 * Every page of a list of the interface (`page` and `limit`), yielded as it arrives. A server
 * may use a smaller page than asked (its `pagination.limit`, or fewer rows than that on a page
 * that is not the last): the next pages are asked at that size, so no row is skipped. It ends
 * once `pagination.total` rows have come; a short page alone never ends it, and an empty page
 * before then is an error: a list never ends silently with fewer rows than the server said exist.
 */
export async function* allPages<T>(
  fetch: (window: PageWindow) => Promise<Page<T>>,
  limit: number,
): AsyncGenerator<readonly T[], void, undefined> {
  let size = limit;
  let seen = 0;
  for (let page = 1; ; page += 1) {
    const answer = await fetch({ page, limit: size });
    if (answer.pagination.page !== page) {
      throw new CarbonError(
        "unavailable",
        `the server answered page ${answer.pagination.page} when asked for page ${page}`,
        { hint: "the server does not page with page and limit as the interface says" },
      );
    }
    const total = answer.pagination.total;
    if (answer.data.length === 0) {
      if (seen >= total) return;
      throw new CarbonError(
        "unavailable",
        `the server said ${total} rows exist but page ${page} (${size} a page) was empty after ${seen}`,
        { hint: "rows may have been deleted while they were read: run the command again" },
      );
    }
    if (page === 1) {
      // The size the server used: its pagination.limit, or fewer rows if more are to come.
      const more = answer.data.length < total;
      size = Math.min(size, answer.pagination.limit, more ? answer.data.length : size);
    }
    seen += answer.data.length;
    yield answer.data;
    if (seen >= total) return;
  }
}

/** Every row of a list of the interface, all pages. */
export async function everyRow<T>(
  client: HttpClient,
  route: string,
  item: z.ZodType<T>,
  query: Readonly<Record<string, QueryValue>> = {},
): Promise<T[]> {
  const rows: T[] = [];
  const schema = answerPageSchema(item);
  const pages = allPages(
    (window) => client.request("GET", route, { schema, query: { ...query, ...window } }),
    MAX_PAGE_LIMIT,
  );
  for await (const page of pages) rows.push(...page);
  return rows;
}
