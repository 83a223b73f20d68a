/** docs/http-api.md shows the plain resources' routes as their descriptors derive them. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resourceDescriptors } from "../../src/core/resources/index.js";
import {
  ROWS_END,
  ROWS_START,
  resourceRouteTable,
  withResourceRoutes,
} from "../../src/server/resource-docs.js";
import { routeTable } from "../../src/server/routes/index.js";

const doc = readFileSync(new URL("../../docs/http-api.md", import.meta.url), "utf8");

describe("generated resource routes", () => {
  it("docs/http-api.md has the current rows (run `npm run docs:routes` after changing a descriptor)", () => {
    expect(withResourceRoutes(doc)).toBe(doc);
  });

  it("every row is a route of the served table, marked extension exactly when the spec lacks it", () => {
    const generated = resourceRouteTable();
    const byHand = doc.slice(0, doc.indexOf(ROWS_START)) + doc.slice(doc.indexOf(ROWS_END));
    for (const resource of Object.values(resourceDescriptors)) {
      const own: readonly string[] = resource.ownRoutes ?? [];
      for (const [name, method, operation] of [
        ["list", "GET", resource.operations.list],
        ["get", "GET", resource.operations.get],
        ["upsert", "POST", resource.operations.upsert],
      ] as const) {
        const route = routeTable.find(
          (candidate) => candidate.method === method && candidate.path === operation.path,
        );
        expect(route, `${method} ${operation.path}`).toBeDefined();
        expect(route?.extension).toBe(!operation.spec);
        const row = `| ${method} | \`${operation.path}\``;
        // A route the resource keeps for itself is documented by hand, outside the block.
        if (own.includes(name)) {
          expect(generated).not.toContain(row);
          expect(byHand).toContain(row);
        } else {
          expect(generated).toContain(row);
        }
      }
    }
  });

  it("a company's listing (companyList) is a served GET with its row, page and limit its query", () => {
    const listings = Object.values(resourceDescriptors).flatMap((resource) =>
      resource.companyList === undefined ? [] : [resource.companyList],
    );
    expect(listings.map((listing) => listing.path)).toContain("/companies/{id}/buildings");
    for (const listing of listings) {
      const route = routeTable.find(
        (candidate) => candidate.method === "GET" && candidate.path === listing.path,
      );
      expect(route?.extension, listing.path).toBe(!listing.spec);
      expect(route?.query.safeParse({ page: "2", limit: "5" }).success).toBe(true);
      expect(route?.query.safeParse({ companyId: "x" }).success).toBe(false);
      expect(resourceRouteTable()).toContain(`| GET | \`${listing.path}\` | page, limit |`);
    }
  });
});
