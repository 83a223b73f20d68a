/**
 * The ISO 14083 allocation fields of a GLEC action (docs/glec.md): measured fuel is the whole
 * vehicle's, so a leg with it says how to share it out by tonne-km.
 */

/** The fields that say how a vehicle's measured fuel is shared out, in the order they are read. */
export const allocationFields = [
  "totalTransportActivity",
  "totalLoad",
  "loadFactor",
  "payloadCapacity",
] as const;
export type AllocationField = (typeof allocationFields)[number];

interface AllocationInput {
  readonly energyQuantity: string | null;
  readonly loadUnit: string;
  readonly totalTransportActivity: string | null;
  readonly totalLoad: string | null;
  readonly loadFactor: string | null;
  readonly payloadCapacity: string | null;
}

const ALLOCATION_HINT =
  "give totalTransportActivity (tkm of the vehicle operation), or totalLoad, or loadFactor with payloadCapacity";

/**
 * Measured fuel is the whole vehicle's: it needs exactly one way to allocate it (ISO 14083, by
 * tonne-km), and a quantity of 0 is refused (leave energyQuantity out for the default intensity).
 */
export function allocationIssues(action: AllocationInput): { path: string[]; message: string }[] {
  const given = allocationFields.filter((field) => action[field] !== null);
  const issues: { path: string[]; message: string }[] = [];
  for (const field of given) {
    if (Number(action[field]) === 0) {
      issues.push({ path: [field], message: `expected ${field} of more than 0` });
    }
  }
  if (action.loadFactor !== null && Number(action.loadFactor) > 1) {
    issues.push({
      path: ["loadFactor"],
      message: `expected a load factor of at most 1 (a fraction of payloadCapacity), got ${action.loadFactor}`,
    });
  }
  if (action.energyQuantity === null) {
    const [first] = given;
    if (first === undefined) return issues;
    issues.push({
      path: [first],
      message: `${first} allocates measured fuel: give energyQuantity and energyQuantityUnit, or leave ${first} out`,
    });
    return issues;
  }
  if (Number(action.energyQuantity) === 0) {
    issues.push({
      path: ["energyQuantity"],
      message:
        "expected a measured energy quantity of more than 0; leave energyQuantity and energyQuantityUnit out to use the default intensity",
    });
  }
  const bases = [
    action.totalTransportActivity !== null,
    action.totalLoad !== null,
    action.loadFactor !== null || action.payloadCapacity !== null,
  ].filter(Boolean).length;
  if (bases === 0) {
    issues.push({
      path: ["totalTransportActivity"],
      message: `measured fuel is the whole vehicle's and is allocated to the shipment by tonne-km (ISO 14083): ${ALLOCATION_HINT}`,
    });
  } else if (bases > 1) {
    issues.push({
      path: [given[1] ?? "totalLoad"],
      message: `give one way to allocate the measured fuel, not ${given.join(" and ")}: ${ALLOCATION_HINT}`,
    });
  } else if ((action.loadFactor === null) !== (action.payloadCapacity === null)) {
    const missing = action.loadFactor === null ? "loadFactor" : "payloadCapacity";
    issues.push({
      path: [missing],
      message: `loadFactor and payloadCapacity go together (the vehicle's load = loadFactor x payloadCapacity, in ${action.loadUnit}): give ${missing}`,
    });
  }
  return issues;
}
