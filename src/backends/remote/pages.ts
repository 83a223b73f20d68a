import type { z } from "zod";
import { CarbonError } from "../../core/errors.js";
import { MAX_PAGE_LIMIT, type Page } from "../../core/model/common.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { HttpClient, QueryValue } from "./client.js";

export interface PageWindow {
  readonly page: number;
  readonly limit: number;
}

/** A page of which the client kept only some rows: `answered` is how many the server sent. */
export interface NarrowedPage<T> extends Page<T> {
  readonly answered: number;
}

/** The page with only the rows `keep` accepts, saying how many the server answered. */
export function narrowPage<T>(page: Page<T>, keep: (row: T) => boolean): NarrowedPage<T> {
  return { data: page.data.filter(keep), pagination: page.pagination, answered: page.data.length };
}

/** How many rows the server answered on a page (more than it holds, when it was narrowed). */
function answeredRows<T>(page: Page<T>): number {
  return "answered" in page && typeof page.answered === "number" ? page.answered : page.data.length;
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
    // Paging counts the rows the server sent, also those the client left out of a narrowed page.
    const answered = answeredRows(answer);
    if (answered === 0) {
      if (seen >= total) return;
      throw new CarbonError(
        "unavailable",
        `the server said ${total} rows exist but page ${page} (${size} a page) was empty after ${seen}`,
        { hint: "rows may have been deleted while they were read: run the command again" },
      );
    }
    if (page === 1) {
      // The size the server used: its pagination.limit, or fewer rows if more are to come.
      const more = answered < total;
      size = Math.min(size, answer.pagination.limit, more ? answered : size);
    }
    seen += answered;
    if (answer.data.length > 0) yield answer.data;
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
