/** Every plain resource's descriptor, by the name of its part of the port. */
import type { ReadOnlyResourceDescriptor, ResourceDescriptor } from "../resource.js";
import type {
  FilterOf,
  InputOf,
  ReadOnlyName,
  ReadOnlyResourceTypes,
  RecordOf,
  ResourceName,
} from "../resource-types.js";
import { buildingsResource } from "./buildings.js";
import { categoriesResource } from "./categories.js";
import { certificatesResource } from "./certificates.js";
import { commentsResource } from "./comments.js";
import { companiesResource } from "./companies.js";
import { customFactorsResource } from "./custom-factors.js";
import { customInputsResource } from "./custom-inputs.js";
import { effluentsResource } from "./effluents.js";
import { goalsResource } from "./goals.js";
import { invoicesResource } from "./invoices.js";
import { suppliersResource } from "./suppliers.js";
import { tasksResource } from "./tasks.js";
import { usersResource } from "./users.js";
import { vehiclesResource } from "./vehicles.js";
import { wasteOperatorsResource } from "./waste-operators.js";

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
  wasteOperators: wasteOperatorsResource,
  comments: commentsResource,
  goals: goalsResource,
  tasks: tasksResource,
  invoices: invoicesResource,
  effluents: effluentsResource,
  vehicles: vehiclesResource,
  certificates: certificatesResource,
  customInputs: customInputsResource,
  users: usersResource,
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

/** True for the name of a plain resource (a key of `resourceDescriptors`). */
export function isResourceName(name: string): name is ResourceName {
  return Object.hasOwn(resourceDescriptors, name);
}

/** The plain resources, in the order of `resourceDescriptors` (routes, docs, suites). */
export const resourceNames: readonly ResourceName[] =
  Object.keys(resourceDescriptors).filter(isResourceName);

/** True for the name of a read-only resource. */
export function isReadOnlyName(name: string): name is ReadOnlyName {
  return Object.hasOwn(readOnlyResourceDescriptors, name);
}

/** The read-only resources, in the order of `readOnlyResourceDescriptors`. */
export const readOnlyNames: readonly ReadOnlyName[] = Object.keys(
  readOnlyResourceDescriptors,
).filter(isReadOnlyName);
