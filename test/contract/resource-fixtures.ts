/** One fixture per plain resource: what the generic resource contract stores and checks. */
import type { ResourceName } from "../../src/core/service.js";
import type { ResourceFixture } from "./resources.js";

/** A UUID per index; names run the other way, so name order is not id order. */
function idOf(prefix: string, index: number): string {
  return `${prefix}0000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
}

export const companiesFixture: ResourceFixture<"companies"> = {
  name: "companies",
  setup: async () => {},
  sample: (index) => ({ id: idOf("a", index), name: `Company ${9 - index}`, country: "ES" }),
  changed: (input) => ({ ...input, name: `${input.name} renamed`, country: "PT" }),
  invalid: { id: idOf("a", 0), name: "   " },
  filter: {},
};

const COMPANY = idOf("c", 1);

export const buildingsFixture: ResourceFixture<"buildings"> = {
  name: "buildings",
  setup: async (service) => {
    await service.companies.upsert({ id: COMPANY, name: "Building owner", country: "ES" });
  },
  sample: (index) => ({
    id: idOf("b", index),
    companyId: COMPANY,
    name: `Building ${9 - index}`,
    country: "ES",
  }),
  changed: (input) => ({ ...input, name: `${input.name} renamed`, country: "PT" }),
  invalid: { id: idOf("b", 0), companyId: COMPANY, name: "   " },
  filter: { companyId: COMPANY },
};

/** Every resource's fixture, each run by the generic resource contract on every driver. */
export const resourceFixtures: { readonly [K in ResourceName]: ResourceFixture<K> } = {
  companies: companiesFixture,
  buildings: buildingsFixture,
};
