/** Rows read from a cursor, regrouped into the pages of a given size a list is streamed in. */

/** The rows of `batches` in pages of `limit` (the last one fewer; none for no rows). */
export async function* pagesOf<T>(
  batches: AsyncIterable<readonly T[]>,
  limit: number,
): AsyncGenerator<readonly T[], void, undefined> {
  let page: T[] = [];
  for await (const batch of batches) {
    for (const row of batch) {
      page.push(row);
      if (page.length === limit) {
        yield page;
        page = [];
      }
    }
  }
  if (page.length > 0) yield page;
}

/** `pagesOf` for rows that come one at a time. */
export async function* pagesOfEach<T>(
  rows: AsyncIterable<T>,
  limit: number,
): AsyncGenerator<readonly T[], void, undefined> {
  let page: T[] = [];
  for await (const row of rows) {
    page.push(row);
    if (page.length === limit) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}
