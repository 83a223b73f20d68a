import type { Page } from "../../core/model/common.js";
import type { ResourcePort } from "../../core/resource.js";
import { resourceNames } from "../../core/resources/index.js";
import type {
  CarbonService,
  ListFilter,
  ListName,
  ListRow,
  ResourceName,
} from "../../core/service.js";
import type { PageWindow } from "./pages.js";

/** One page of each list, as the interface pages it. */
export type Pagers = {
  readonly [K in ListName]: (
    filter: ListFilter<K>,
    window: PageWindow,
  ) => Promise<Page<ListRow<K>>>;
};

type Lists = Omit<CarbonService, "kind" | "close" | "streamList">;

/** The lists' pages through the service's own list calls. */
export function remotePagers(service: Lists): Pagers {
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
