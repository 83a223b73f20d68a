/**
 * The mocks' generic handlers of a plain resource's spec operations (mock-resources.ts): what a
 * resource added to the spec gets before, if ever, it has handlers of its own.
 */
import { describe, expect, it } from "vitest";
import { resourceDescriptors } from "../../src/core/resources/index.js";
import { type MockedResource, resourceHandlers } from "./mock-resources.js";
import { type Call, emptyMockSeed, type Handler, storeHandlers } from "./mock-store.js";

const waste = resourceDescriptors.wasteOperators;
/** The waste operators as if the spec also had their get. */
const described: MockedResource = {
  ...waste,
  operations: { ...waste.operations, get: { ...waste.operations.get, spec: true } },
};

const companyA = "a1000000-0000-4000-8000-000000000001";
const companyB = "a1000000-0000-4000-8000-000000000002";
const idOf = (index: number) => `e9000000-0000-4000-8000-${String(index).padStart(12, "0")}`;

function call(
  method: string,
  query: Call["query"] = {},
  body: unknown = undefined,
  params: Call["params"] = {},
) {
  return { method, query, body, params };
}

function handler(handlers: Record<string, Handler>, key: string): Handler {
  const found = handlers[key];
  if (found === undefined) throw new Error(`no handler for ${key}`);
  return found;
}

describe("the mocks' generic handlers of a resource's spec operations", () => {
  it("has a handler for each spec operation and none for the others", () => {
    expect(Object.keys(resourceHandlers(waste)).sort()).toEqual([
      "GET /api/v1/waste-operators",
      "POST /api/v1/waste-operators",
    ]);
    expect(Object.keys(resourceHandlers(described)).sort()).toEqual([
      "GET /api/v1/waste-operators",
      "GET /api/v1/waste-operators/{id}",
      "POST /api/v1/waste-operators",
    ]);
  });

  it("stores an upsert by id, lists a company's records in the descriptor's order, gets by id", () => {
    const handlers = resourceHandlers(described);
    const post = handler(handlers, "POST /api/v1/waste-operators");
    const list = handler(handlers, "GET /api/v1/waste-operators");
    const get = handler(handlers, "GET /api/v1/waste-operators/{id}");
    const operator = (index: number, companyId: string) => ({
      id: idOf(index),
      companyId,
      // Names run the other way, so name order is not id order.
      name: `Operator ${9 - index}`,
      treatments: ["recycling"],
    });

    expect(post(call("POST", {}, operator(1, companyA)))).toEqual({
      status: 201,
      body: operator(1, companyA),
    });
    post(call("POST", {}, operator(2, companyA)));
    post(call("POST", {}, operator(3, companyB)));
    const renamed = { ...operator(1, companyA), name: "Operator 9 renamed" };
    expect(post(call("POST", {}, renamed))).toEqual({ status: 200, body: renamed });

    expect(list(call("GET", { companyId: companyA }))).toEqual({
      status: 200,
      body: {
        data: [operator(2, companyA), renamed],
        pagination: { page: 1, limit: 20, total: 2 },
      },
    });
    expect(list(call("GET", { limit: "2", page: "2" }))).toEqual({
      status: 200,
      body: { data: [renamed], pagination: { page: 2, limit: 2, total: 3 } },
    });
    expect(get(call("GET", {}, undefined, { id: idOf(3) }))).toEqual({
      status: 200,
      body: operator(3, companyB),
    });
    expect(get(call("GET", {}, undefined, { id: idOf(4) })).status).toBe(404);
  });

  it("gives way to the store's own handler of an operation", () => {
    // The hosted mock answers a waste operator with the fewest fields, the generic one all.
    const post = handler(storeHandlers("hosted", emptyMockSeed), "POST /api/v1/waste-operators");
    const fewest = { id: idOf(1), companyId: companyA, name: "Operator" };
    expect(post(call("POST", {}, { ...fewest, treatments: ["recycling"] })).body).toEqual(fewest);
  });
});
