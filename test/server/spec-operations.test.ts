/**
 * carbon serve serves every operation of interface.md at its exact method and path, as a route
 * of the specification (not announced as an extension); and a route it calls the
 * specification's is one interface.md has.
 */
import { describe, expect, it } from "vitest";
import { routeTable } from "../../src/server/routes/index.js";
import { specOperations } from "../conformance/openapi-routes.js";

const API = "/api/v1";

describe("carbon serve's routes and the operations of interface.md", () => {
  const spec = specOperations().map((operation) => `${operation.method} ${operation.path}`);
  const served = routeTable.map((route) => ({
    key: `${route.method} ${API}${route.path}`,
    extension: route.extension === true,
  }));

  it("has all 36 operations of the document", () => {
    expect(spec).toHaveLength(36);
  });

  it("serves each operation as a route of the specification", () => {
    const ours = new Set(served.filter((route) => !route.extension).map((route) => route.key));
    expect(spec.filter((operation) => !ours.has(operation))).toEqual([]);
  });

  it("calls no route the specification's that the document does not have", () => {
    const document = new Set(spec);
    expect(
      served
        .filter((route) => !route.extension && !document.has(route.key))
        .map((route) => route.key),
    ).toEqual([]);
  });
});
