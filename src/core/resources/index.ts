/** Every plain resource's descriptor, by the name of its part of the port. */
import type { ResourceDescriptor } from "../resource.js";
import type { FilterOf, InputOf, RecordOf, ResourceName } from "../service.js";
import { buildingsResource } from "./buildings.js";
import { companiesResource } from "./companies.js";

export type DescriptorOf<K extends ResourceName> = ResourceDescriptor<
  RecordOf<K>,
  InputOf<K>,
  FilterOf<K>
>;

export const resourceDescriptors: { readonly [K in ResourceName]: DescriptorOf<K> } = {
  companies: companiesResource,
  buildings: buildingsResource,
};
