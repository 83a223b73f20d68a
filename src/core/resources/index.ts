/** Every plain resource's descriptor, by the name of its part of the port. */
import type { ResourceDescriptor } from "../resource.js";
import type { FilterOf, InputOf, RecordOf, ResourceName } from "../service.js";
import { companiesResource } from "./companies.js";
import { customFactorsResource } from "./custom-factors.js";
import { suppliersResource } from "./suppliers.js";

export type DescriptorOf<K extends ResourceName> = ResourceDescriptor<
  RecordOf<K>,
  InputOf<K>,
  FilterOf<K>
>;

export const resourceDescriptors: { readonly [K in ResourceName]: DescriptorOf<K> } = {
  companies: companiesResource,
  suppliers: suppliersResource,
  customFactors: customFactorsResource,
};
