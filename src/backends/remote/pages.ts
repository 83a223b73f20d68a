import type { z } from "zod";
import { MAX_PAGE_LIMIT, type Page } from "../../core/model/common.js";
import { answerPageSchema } from "../../core/model/wire.js";
import { allPages } from "../../core/paged-lists.js";
import type { HttpClient, QueryValue } from "./client.js";

export type { PageWindow } from "../../core/paged-lists.js";
export { allPages };

/** A page of which the client kept only some rows: `answered` is how many the server sent. */
export interface NarrowedPage<T> extends Page<T> {
  readonly answered: number;
}

/** The page with only the rows `keep` accepts, saying how many the server answered. */
export function narrowPage<T>(page: Page<T>, keep: (row: T) => boolean): NarrowedPage<T> {
  return { data: page.data.filter(keep), pagination: page.pagination, answered: page.data.length };
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
