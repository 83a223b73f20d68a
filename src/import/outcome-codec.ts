import type { BuildingInput } from "../core/model/building.js";
import type { ConsumptionInput } from "../core/model/consumption.js";
import type { RowOutcome } from "./row-outcomes.js";
import type { RowError } from "./types.js";

/**
 * A chunk of row outcomes as a parse worker posts it: typed arrays (transferred, not copied) for
 * numbers, and the strings of valid rows as indexes into a small per-chunk dictionary, since a
 * file repeats the same companies, buildings, categories, units and dates. Decoding on the main
 * thread then creates few strings and no intermediate objects besides the consumptions
 * themselves, and repeated values share one string (faster map lookups when writing).
 */

export interface EncodedChunk {
  readonly count: number;
  /** Per outcome. */
  readonly lines: Uint32Array;
  /** Per outcome: 1 valid, 0 rejected. */
  readonly valid: Uint8Array;
  /** Per valid row. */
  readonly quantities: Float64Array;
  /** Per valid row, KEY_FIELDS.length indexes into `dict`. */
  readonly keys: Uint32Array;
  readonly dict: string[];
  /** Per valid row. */
  readonly ids: string[];
  readonly entityIds: string[];
  /** Per outcome when every row keeps its cells, else per rejected row. */
  readonly cells: (readonly string[])[];
  readonly keepCells: boolean;
  /** Per rejected row. */
  readonly errors: (readonly RowError[])[];
  /** [outcome index, building to create first]. */
  readonly plans: [number, BuildingInput][];
  /** [valid row index, field, id] of the rows naming a custom input (few: sparse). */
  readonly named: [number, "provider" | "fuelType", string][];
  /** [valid row index, kWh per m3] of the rows giving a bill's kWh per m3 (few: sparse). */
  readonly billed: [number, number][];
  /** Bytes of the file read when the chunk was made (progress). */
  readonly bytesRead: number;
}

const KEY_FIELDS = [
  "companyId",
  "buildingId",
  "categoryId",
  "unitType",
  "startDate",
  "endDate",
] as const;
const WIDTH = KEY_FIELDS.length;
const noCells: readonly string[] = [];

export function encodeChunk(
  outcomes: readonly RowOutcome[],
  keepCells: boolean,
  bytesRead: number,
): { chunk: EncodedChunk; transfer: ArrayBuffer[] } {
  const count = outcomes.length;
  const lines = new Uint32Array(count);
  const valid = new Uint8Array(count);
  let validCount = 0;
  for (const outcome of outcomes) if ("input" in outcome) validCount += 1;
  const quantities = new Float64Array(validCount);
  const keys = new Uint32Array(validCount * WIDTH);
  const dict: string[] = [];
  const index = new Map<string, number>();
  const ids: string[] = [];
  const entityIds: string[] = [];
  const cells: (readonly string[])[] = [];
  const errors: (readonly RowError[])[] = [];
  const plans: [number, BuildingInput][] = [];
  const named: [number, "provider" | "fuelType", string][] = [];
  const billed: [number, number][] = [];
  /** The dictionary index of a text, added on first sight. */
  const entry = (text: string): number => {
    let at = index.get(text);
    if (at === undefined) {
      at = dict.length;
      dict.push(text);
      index.set(text, at);
    }
    return at;
  };
  let v = 0;
  outcomes.forEach((outcome, i) => {
    lines[i] = outcome.line;
    if (keepCells || !("input" in outcome)) cells.push(outcome.cells);
    if (!("input" in outcome)) {
      errors.push(outcome.errors);
      return;
    }
    valid[i] = 1;
    const { input } = outcome;
    // One named read per field: `input[KEY_FIELDS[k]]` in a loop is a megamorphic keyed load.
    const at = v * WIDTH;
    keys[at] = entry(input.companyId);
    keys[at + 1] = entry(input.buildingId);
    keys[at + 2] = entry(input.categoryId);
    keys[at + 3] = entry(input.unitType);
    keys[at + 4] = entry(input.startDate);
    keys[at + 5] = entry(input.endDate);
    quantities[v] = input.quantity;
    ids.push(input.id);
    entityIds.push(input.entityId);
    if (outcome.plan !== undefined) plans.push([i, outcome.plan]);
    if (input.provider !== undefined) named.push([v, "provider", input.provider]);
    else if (input.fuelType !== undefined) named.push([v, "fuelType", input.fuelType]);
    if (input.kwhPerM3 !== undefined) billed.push([v, input.kwhPerM3]);
    v += 1;
  });
  const chunk: EncodedChunk = {
    count,
    lines,
    valid,
    quantities,
    keys,
    dict,
    ids,
    entityIds,
    cells,
    keepCells,
    errors,
    plans,
    named,
    billed,
    bytesRead,
  };
  return { chunk, transfer: [lines.buffer, valid.buffer, quantities.buffer, keys.buffer] };
}

export function decodeChunk(chunk: EncodedChunk): RowOutcome[] {
  const { lines, valid, quantities, keys, dict, ids, entityIds, cells, errors } = chunk;
  const plans = new Map(chunk.plans);
  const named = new Map(chunk.named.map(([row, field, id]) => [row, { [field]: id }]));
  const billed = new Map(chunk.billed);
  const at = (v: number, k: number): string => dict[keys[v * WIDTH + k] ?? 0] ?? "";
  const outcomes: RowOutcome[] = [];
  let v = 0;
  let c = 0;
  let e = 0;
  for (let i = 0; i < chunk.count; i += 1) {
    const line = lines[i] ?? 0;
    if (valid[i] === 0) {
      outcomes.push({ line, cells: cells[c] ?? noCells, errors: errors[e] ?? [] });
      c += 1;
      e += 1;
      continue;
    }
    const base: ConsumptionInput = {
      id: ids[v] ?? "",
      entityId: entityIds[v] ?? "",
      categoryId: at(v, 2),
      startDate: at(v, 4),
      endDate: at(v, 5),
      companyId: at(v, 0),
      buildingId: at(v, 1),
      quantity: quantities[v] ?? 0,
      unitType: at(v, 3),
    };
    const naming = named.size === 0 ? undefined : named.get(v);
    const kwhPerM3 = billed.size === 0 ? undefined : billed.get(v);
    const withInput = naming === undefined ? base : { ...base, ...naming };
    const input = kwhPerM3 === undefined ? withInput : { ...withInput, kwhPerM3 };
    let rowCells = noCells;
    if (chunk.keepCells) {
      rowCells = cells[c] ?? noCells;
      c += 1;
    }
    outcomes.push({ line, cells: rowCells, input, plan: plans.get(i) });
    v += 1;
  }
  return outcomes;
}
