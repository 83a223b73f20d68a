/**
 * GLEC entries as the remote engine sends them. The specification types every field as a string
 * (or a boolean): a field without a value is left out of the body, never sent as null.
 */
import type { GlecCalculation, GlecEntryInput } from "../../core/model/glec.js";
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

/**
 * A number as a decimal string without an exponent (`0.0000034`, not `3.4e-6`), to 15
 * significant digits so that a product's last-bit noise is not sent (0.17 x 0.0002 = 0.000034).
 */
export function plainDecimal(value: number): string {
  const rounded = Number(value.toPrecision(15));
  const text = String(rounded);
  if (!text.includes("e")) return text;
  return rounded.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
}

/**
 * The body for a server that takes the specification's fields only: a measured-fuel leg carries
 * the shipment's allocated rate (`energyQuantity` x `allocationShare`), so the server's rate x
 * distance is the shipment's fuel, and no allocation field. Legs with `country` cannot be sent.
 */
export function allocatedBody(
  body: Record<string, unknown>,
  calculation: GlecCalculation,
): Record<string, unknown> {
  const actions = Array.isArray(body.actions) ? body.actions : [];
  return {
    ...body,
    actions: actions.map((action: Record<string, unknown>, index) => {
      const share = calculation.legs[index]?.allocationShare ?? null;
      const rest = Object.fromEntries(
        Object.entries(action).filter(
          ([field]) => !(allocationFields as readonly string[]).includes(field),
        ),
      );
      if (share === null || typeof action.energyQuantity !== "string") return rest;
      return { ...rest, energyQuantity: plainDecimal(Number(action.energyQuantity) * share) };
    }),
  };
}
