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

type Lists = Omit<CarbonService, "kind" | "close" | "streamList">;

/** The lists' pages through the service's own list calls. */
export function remotePagers(service: Lists): Pagers {
  return {
    companies: (_filter, window) => service.companies.list(window),
    buildings: (filter, window) => service.buildings.list({ ...filter, ...window }),
    categories: (filter, window) => service.categories.list({ ...filter, ...window }),
    factors: (filter, window) => service.factors.list({ ...filter, ...window }),
    customFactors: (filter, window) => service.customFactors.list({ ...filter, ...window }),
    consumptions: (filter, window) => service.consumptions.list({ ...filter, ...window }),
    emissions: (filter, window) => service.emissions.list({ ...filter, ...window }),
    suppliers: (filter, window) => service.suppliers.list({ ...filter, ...window }),
    glecEntries: (filter, window) => service.glec.list({ ...filter, ...window }),
    audit: (filter, window) => service.audit.list({ ...filter, ...window }),
    wasteOperators: (filter, window) => service.wasteOperators.list({ ...filter, ...window }),
    comments: (filter, window) => service.comments.list({ ...filter, ...window }),
    goals: (filter, window) => service.goals.list({ ...filter, ...window }),
    tasks: (filter, window) => service.tasks.list({ ...filter, ...window }),
    invoices: (filter, window) => service.invoices.list({ ...filter, ...window }),
    effluents: (filter, window) => service.effluents.list({ ...filter, ...window }),
    vehicles: (filter, window) => service.vehicles.list({ ...filter, ...window }),
    certificates: (filter, window) => service.certificates.list({ ...filter, ...window }),
    customInputs: (filter, window) => service.customInputs.list({ ...filter, ...window }),
    organizationLimits: (filter, window) =>
      service.organizationLimits.list({ ...filter, ...window }),
    users: (filter, window) => service.users.list({ ...filter, ...window }),
  };
}
