/**
 * The resources of the framework (src/core/resource.ts), by the name of their part of the port:
 * each one's record, upsert input and list filter, and the port types derived from them. Apart
 * from service.ts so the ports of src/core/ports/ can name them without importing the port.
 */
import type { ReadOnlyResourcePort, ResourcePort } from "./resource.js";

/**
 * The plain resources (src/core/resource.ts): each one's record, upsert input and list filter.
 * Each resource's own file adds its entry (`declare module "../resource-types.js"` at the end of
 * src/core/resources/<name>.ts), so a new resource edits no shared list.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (a type alias could not be)
export interface ResourceTypes {}

export type ResourceName = keyof ResourceTypes;
export type RecordOf<K extends ResourceName> = ResourceTypes[K]["record"];
export type InputOf<K extends ResourceName> = ResourceTypes[K]["input"];
export type FilterOf<K extends ResourceName> = ResourceTypes[K]["filter"];
/** What a resource's upsert answers: the record, unless its entry says otherwise. */
export type UpsertedOf<K extends ResourceName> = ResourceTypes[K] extends {
  readonly upserted: infer U;
}
  ? U
  : RecordOf<K>;
export type PortOf<K extends ResourceName> = ResourcePort<
  RecordOf<K>,
  InputOf<K>,
  FilterOf<K>,
  UpsertedOf<K>
>;

/** One part of the port per plain resource: `service.companies.list(...)`. */
export type ResourceParts = { readonly [K in ResourceName]: PortOf<K> };

/** The read-only plain resources: each one's record and list filter, added by their own files. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (a type alias could not be)
export interface ReadOnlyResourceTypes {}

export type ReadOnlyName = keyof ReadOnlyResourceTypes;
export type ReadOnlyPortOf<K extends ReadOnlyName> = ReadOnlyResourcePort<
  ReadOnlyResourceTypes[K]["record"],
  ReadOnlyResourceTypes[K]["filter"]
>;

/** One part of the port per read-only resource: `service.categories.list(...)`. */
export type ReadOnlyParts = { readonly [K in ReadOnlyName]: ReadOnlyPortOf<K> };
