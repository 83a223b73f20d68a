/**
 * GLEC entries as the remote engine sends them. The specification types every field as a string
 * (or a boolean): a field without a value is left out of the body, never sent as null.
 */
import type { GlecEntryInput } from "../../core/model/glec.js";
import { allocationFields } from "../../core/model/glec-allocation.js";
import { presentRecord } from "./resource-client.js";

/** The body of `POST /service-footprint/glec` for an entry. */
export function glecRequestBody(input: GlecEntryInput): Record<string, unknown> {
  return { ...presentRecord(input), actions: input.actions.map(presentRecord) };
}

/** The action fields of ours (GLEC_ALLOCATION_EXTENSION) that a body carries, once each. */
export function iso14083Fields(body: Record<string, unknown>): string[] {
  const ours: readonly string[] = [...allocationFields, "country"];
  const actions = Array.isArray(body.actions) ? body.actions : [];
  const present = new Set<string>();
  for (const action of actions) {
    if (typeof action !== "object" || action === null) continue;
    for (const field of ours) if (field in action) present.add(field);
  }
  return ours.filter((field) => present.has(field));
}
