/**
 * Every plain resource's descriptor, by the name of its part of the port: the generated list
 * (`npm run registry`), typed here so the compiler checks it against ResourceTypes.
 */
import type { ReadOnlyResourceDescriptor, ResourceDescriptor } from "../resource.js";
import type {
  FilterOf,
  InputOf,
  ReadOnlyName,
  ReadOnlyResourceTypes,
  RecordOf,
  ResourceName,
} from "../resource-types.js";
import { generatedDescriptors, generatedReadOnlyDescriptors } from "./registry.generated.js";

export type DescriptorOf<K extends ResourceName> = ResourceDescriptor<
  RecordOf<K>,
  InputOf<K>,
  FilterOf<K>
>;

export const resourceDescriptors: { readonly [K in ResourceName]: DescriptorOf<K> } =
  generatedDescriptors;

export type ReadOnlyDescriptorOf<K extends ReadOnlyName> = ReadOnlyResourceDescriptor<
  ReadOnlyResourceTypes[K]["record"],
  ReadOnlyResourceTypes[K]["filter"]
>;

/** Every read-only resource's descriptor, by the name of its part of the port. */
export const readOnlyResourceDescriptors: {
  readonly [K in ReadOnlyName]: ReadOnlyDescriptorOf<K>;
} = generatedReadOnlyDescriptors;

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
