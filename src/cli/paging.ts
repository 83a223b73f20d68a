import { CarbonError } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import type { CarbonService, ListFilter, ListName, ListRow } from "../core/service.js";
import { YoungGenerationCap } from "../runtime/young-generation.js";
import type { Context } from "./context.js";
import type { Paging } from "./flags.js";
import type { Column } from "./output/format.js";
import { createListWriter } from "./output/list-writer.js";

interface PagedList<K extends ListName> {
  readonly list: K;
  readonly filter: ListFilter<K>;
  /** One page (without --all): the port's list call for this list. */
  page(query: PageQuery): Promise<Page<ListRow<K>>>;
}

/** What a list command prints, and how it gets one page of it. */
export interface ListSpec<K extends ListName> extends PagedList<K> {
  readonly columns: readonly Column<ListRow<K>>[];
  /** Runs on each page before it is printed, e.g. to look up the names its rows show. */
  prepare?(rows: readonly ListRow<K>[]): Promise<void>;
}

/** A list whose rows are reshaped before they are printed (cut to a window, named). */
export interface ShapedListSpec<K extends ListName, R> extends PagedList<K> {
  readonly columns: readonly Column<R>[];
  /** Each page's rows as printed, in order (a row may be left out). */
  shape(rows: readonly ListRow<K>[]): Promise<readonly R[]>;
}

/** Waits for `work` unless Ctrl-C comes first: a reader that stopped reading must not hold us. */
function unlessInterrupted<T>(work: Promise<T>, signal: AbortSignal, printed: number): Promise<T> {
  const interrupted = () => new CarbonError("interrupted", `interrupted after ${printed} rows`);
  if (signal.aborted) return Promise.reject(interrupted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(interrupted());
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Prints one page, or with --all every page as it arrives (`streamList`: keyset pages locally),
 * holding one page at a time. A page that is not the whole list gets a note on stderr (not with
 * --quiet): "showing 50 of 230; use --all or --page 2". Ctrl-C between pages stops it (exit 130).
 */
export function printList<K extends ListName>(
  ctx: Context,
  service: CarbonService,
  paging: Paging,
  spec: ListSpec<K>,
): Promise<void> {
  return printShapedList(ctx, service, paging, {
    ...spec,
    shape: async (rows) => {
      await spec.prepare?.(rows);
      return rows;
    },
  });
}

/** `printList` for rows printed in another shape than the port lists them. */
export async function printShapedList<K extends ListName, R>(
  ctx: Context,
  service: CarbonService,
  paging: Paging,
  spec: ShapedListSpec<K, R>,
): Promise<void> {
  const writer = createListWriter(ctx.io, ctx.format(), spec.columns);
  let printed = 0;
  const print = async (rows: readonly ListRow<K>[]): Promise<void> => {
    const shown = await spec.shape(rows);
    await unlessInterrupted(writer.write(shown), ctx.signal, printed);
    printed += shown.length;
  };
  if (paging.all) {
    const options = paging.limit === undefined ? {} : { pageSize: paging.limit };
    // Each page is garbage once printed: a small young generation keeps the peak RSS flat.
    const cap = new YoungGenerationCap();
    try {
      for await (const rows of service.streamList(spec.list, spec.filter, options)) {
        cap.check();
        await print(rows);
      }
    } finally {
      cap.release();
    }
  } else {
    const page = await spec.page({
      ...(paging.page === undefined ? {} : { page: paging.page }),
      ...(paging.limit === undefined ? {} : { limit: paging.limit }),
    });
    const { pagination } = page;
    const seen = (pagination.page - 1) * pagination.limit + page.data.length;
    if (seen < pagination.total && ctx.globals().quiet !== true) {
      ctx.io.err(
        `showing ${page.data.length} of ${pagination.total}; use --all or --page ${pagination.page + 1}`,
      );
    }
    await print(page.data);
  }
  await unlessInterrupted(writer.end(), ctx.signal, printed);
}
