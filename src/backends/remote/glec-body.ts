/**
 * GLEC entries as the remote engine sends them. The specification types every field as a string
 * (or a boolean): a field without a value is left out of the body, never sent as null.
 */
import type { GlecEntryInput } from "../../core/model/glec.js";
import { presentRecord } from "./resource-client.js";

/** The body of `POST /service-footprint/glec` for an entry. */
export function glecRequestBody(input: GlecEntryInput): Record<string, unknown> {
  return { ...presentRecord(input), actions: input.actions.map(presentRecord) };
}
