/** The schema-free way through `POST /consumptions/batch`: only what the schema keeps as is. */
import { describe, expect, it } from "vitest";
import type { ConsumptionInput } from "../../src/core/model/consumption.js";
import { canonicalItems } from "../../src/server/batch-items.js";
import { batchBodySchema, MAX_BATCH_ITEMS } from "../../src/server/routes/consumption-batch.js";
import { consumptionBody } from "./helpers.js";

const canonical: ConsumptionInput = consumptionBody({
  startDate: "2024-01-01T00:00:00.000Z",
  endDate: "2024-01-31T00:00:00.000Z",
});

function body(...overrides: Record<string, unknown>[]): unknown {
  return { items: overrides.map((override) => ({ ...canonical, ...override })) };
}

const { unitType: _unit, ...withoutUnit } = canonical;

/** Bodies the schema accepts with other values, or rejects: none may skip it. */
const notCanonical: readonly [string, unknown][] = [
  ["a date without a time", body({ startDate: "2024-01-01" })],
  ["a date-time with an offset", body({ endDate: "2024-01-31T02:00:00+02:00" })],
  ["a date with spaces", body({ startDate: " 2024-01-01T00:00:00.000Z" })],
  ["an impossible date", body({ endDate: "2024-02-30T00:00:00.000Z" })],
  ["an end before the start", body({ endDate: "2023-12-31T00:00:00.000Z" })],
  ["a unit with spaces", body({ unitType: " kWh " })],
  ["an empty unit", body({ unitType: "" })],
  ["a negative quantity", body({ quantity: -1 })],
  ["a quantity as text", body({ quantity: "1000" })],
  ["an id that is not a UUID", body({ id: "INV-1" })],
  ["a building id that is not a UUID", body({ buildingId: "Madrid HQ" })],
  ["an entity id of 201 characters", body({ entityId: "x".repeat(201) })],
  ["an unknown field", body({ note: "hello" })],
  ["a missing field", { items: [withoutUnit] }],
  ["no items", { items: [] }],
  ["too many items", { items: Array.from({ length: MAX_BATCH_ITEMS + 1 }, () => canonical) }],
  ["another key beside items", { items: [canonical], dryRun: true }],
  ["one good item and one bad", body({}, { quantity: -5 })],
  ["not an object", [canonical]],
];

describe("canonicalItems", () => {
  it.each(notCanonical)("leaves %s to the schema", (_what, input) => {
    expect(canonicalItems(input, MAX_BATCH_ITEMS)).toBeUndefined();
  });

  it.each([
    ["one item", body({})],
    [
      "a quantity of 0 and an entity id of 200 characters",
      body({ quantity: 0 }, { entityId: "y".repeat(200) }),
    ],
    [
      "a leap day",
      body({ startDate: "2024-02-29T00:00:00.000Z", endDate: "2024-02-29T23:59:59.999Z" }),
    ],
    ["upper-case ids", body({ id: canonical.id.toUpperCase() })],
  ])("takes %s exactly as the schema outputs it", (_what, input) => {
    const fast = canonicalItems(input, MAX_BATCH_ITEMS);
    expect(fast).toBeDefined();
    expect(fast).toEqual(batchBodySchema.parse(input).items);
  });

  it("gives the same answer for a date the second time (remembered)", () => {
    const bad = body({ endDate: "2023-02-29T00:00:00.000Z" });
    expect(canonicalItems(bad, MAX_BATCH_ITEMS)).toBeUndefined();
    expect(canonicalItems(bad, MAX_BATCH_ITEMS)).toBeUndefined();
    expect(canonicalItems(body({}), MAX_BATCH_ITEMS)).toHaveLength(1);
  });
});
