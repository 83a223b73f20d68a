/**
 * GLEC entries as the remote engine sends them. The specification types every field as a string
 * (or a boolean): a field without a value is left out of the body, never sent as null.
 */
import type { GlecEntryInput } from "../../core/model/glec.js";

/** The record without its null and undefined fields. */
function withValues(record: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== null && value !== undefined),
  );
}

/** The body of `POST /service-footprint/glec` for an entry. */
export function glecRequestBody(input: GlecEntryInput): Record<string, unknown> {
  return { ...withValues(input), actions: input.actions.map(withValues) };
}
