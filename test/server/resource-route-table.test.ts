/** A resource registered in src/core/resources/index.ts is served with nothing else to add. */
import { describe, expect, it } from "vitest";
import {
  readOnlyNames,
  readOnlyResourceDescriptors,
  resourceDescriptors,
  resourceNames,
} from "../../src/core/resources/index.js";
import { routeTable } from "../../src/server/routes/index.js";

const served = routeTable.map((route) => `${route.method} ${route.path}`);

function timesServed(method: string, path: string): number {
  return served.filter((route) => route === `${method} ${path}`).length;
}

describe("the route table and the descriptor maps", () => {
  it("names every plain and read-only resource of the maps, in their order", () => {
    expect(resourceNames).toEqual(Object.keys(resourceDescriptors));
    expect(readOnlyNames).toEqual(Object.keys(readOnlyResourceDescriptors));
    expect(resourceNames).toContain("buildings");
    expect(readOnlyNames).toEqual(["categories"]);
  });

  it.each(resourceNames)("serves each operation of %s exactly once", (name) => {
    const { operations, companyList } = resourceDescriptors[name];
    // Routes a descriptor keeps for itself come from its own route file: served all the same.
    expect(timesServed("GET", operations.list.path)).toBe(1);
    expect(timesServed("GET", operations.get.path)).toBe(1);
    expect(timesServed("POST", operations.upsert.path)).toBe(1);
    if (companyList !== undefined) expect(timesServed("GET", companyList.path)).toBe(1);
  });

  it.each(readOnlyNames)("serves the list of %s exactly once", (name) => {
    expect(timesServed("GET", readOnlyResourceDescriptors[name].operations.list.path)).toBe(1);
  });
});
