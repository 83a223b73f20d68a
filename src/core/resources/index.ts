/** Every plain resource's descriptor, by the name of its part of the port. */
import type { ReadOnlyResourceDescriptor, ResourceDescriptor } from "../resource.js";
import type {
  FilterOf,
  InputOf,
  ReadOnlyName,
  ReadOnlyResourceTypes,
  RecordOf,
  ResourceName,
} from "../service.js";
import { buildingsResource } from "./buildings.js";
import { categoriesResource } from "./categories.js";
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
  buildings: buildingsResource,
  suppliers: suppliersResource,
  customFactors: customFactorsResource,
};

export type ReadOnlyDescriptorOf<K extends ReadOnlyName> = ReadOnlyResourceDescriptor<
  ReadOnlyResourceTypes[K]["record"],
  ReadOnlyResourceTypes[K]["filter"]
>;

/** Every read-only resource's descriptor, by the name of its part of the port. */
export const readOnlyResourceDescriptors: {
  readonly [K in ReadOnlyName]: ReadOnlyDescriptorOf<K>;
} = {
  categories: categoriesResource,
};
