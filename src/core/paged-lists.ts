/**
 * Every row of a list, a page at a time, through a service's own list calls (`page` and
 * `limit`): what a service streams with when it has no cursor of its own (a server of the
 * interface, or a store that pages a small table by its list).
 */
import { CarbonError } from "./errors.js";
import type { Page } from "./model/common.js";
import type { ResourcePort } from "./resource.js";
import { resourceNames } from "./resources/index.js";
import type { CarbonService, ListFilter, ListName, ListRow, ResourceName } from "./service.js";

export interface PageWindow {
  readonly page: number;
  readonly limit: number;
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

/** One page of each list, as the interface pages it. */
export type Pagers = {
  readonly [K in ListName]: (
    filter: ListFilter<K>,
    window: PageWindow,
  ) => Promise<Page<ListRow<K>>>;
};

type Lists = Omit<CarbonService, "kind" | "close" | "streamList">;

/** The lists' pages through the service's own list calls. */
export function servicePagers(service: Lists): Pagers {
  const resources: Partial<Record<ResourceName, unknown>> = {};
  for (const name of resourceNames) {
    const part: ResourcePort<unknown, unknown, object> = service[name];
    resources[name] = (filter: object, window: PageWindow) => part.list({ ...filter, ...window });
  }
  return {
    // Every plain resource's pages through its own list.
    ...(resources as Pick<Pagers, ResourceName>),
    categories: (filter, window) => service.categories.list({ ...filter, ...window }),
    factors: (filter, window) => service.factors.list({ ...filter, ...window }),
    consumptions: (filter, window) => service.consumptions.list({ ...filter, ...window }),
    emissions: (filter, window) => service.emissions.list({ ...filter, ...window }),
    glecEntries: (filter, window) => service.glec.list({ ...filter, ...window }),
    audit: (filter, window) => service.audit.list({ ...filter, ...window }),
    organizationLimits: (filter, window) =>
      service.organizationLimits.list({ ...filter, ...window }),
  };
}
