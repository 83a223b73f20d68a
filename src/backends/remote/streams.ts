import type { Page } from "../../core/model/common.js";
import type { CarbonService, ListFilter, ListName, ListRow } from "../../core/service.js";
import type { PageWindow } from "./pages.js";

/** One page of each list, as the interface pages it. */
export type Pagers = {
  readonly [K in ListName]: (
    filter: ListFilter<K>,
    window: PageWindow,
  ) => Promise<Page<ListRow<K>>>;
};

type Lists = Omit<CarbonService, "kind" | "close" | "streamList" | "listCategories">;

/** The lists' pages through the service's own list calls; categories come from `categories`. */
export function remotePagers(service: Lists, categories: Pagers["categories"]): Pagers {
  return {
    companies: (_filter, window) => service.companies.list(window),
    buildings: (filter, window) => service.buildings.list({ ...filter, ...window }),
    categories,
    factors: (filter, window) => service.listFactors({ ...filter, ...window }),
    customFactors: (filter, window) => service.listCustomFactors({ ...filter, ...window }),
    consumptions: (filter, window) => service.listConsumptions({ ...filter, ...window }),
    emissions: (filter, window) => service.listEmissions({ ...filter, ...window }),
    suppliers: (filter, window) => service.listSuppliers({ ...filter, ...window }),
    glecEntries: (filter, window) => service.listGlecEntries({ ...filter, ...window }),
    audit: (filter, window) => service.listAudit({ ...filter, ...window }),
  };
}
