/**
 * `consumptions upsert` against a server that answers as the hosted service does: `POST
 * /consumptions` says only `{status, isCreated, isUpdated}`. The command still prints what was
 * stored and what the upsert did, and says where the emission is.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runUpsert } from "../../../src/cli/commands/consumptions/upsert.js";
import { type FakeServer, type Responder, startFakeServer } from "../../unit/remote/fake-server.js";
import { testContext } from "../helpers.js";

const company = "5f2c1a00-1b2c-1d3e-9f40-123456789abc";
const building = "6a3d2b11-2c3d-1e4f-8a51-23456789abcd";
const category = "7b4e3c22-3d4e-5f60-9b62-3456789abcde";

const list = (data: unknown[]) => ({
  data,
  pagination: { page: 1, limit: 50, total: data.length },
});

/** Answers by path, as the hosted service would; anything else is a 404. */
const hosted: Responder = (request, response) => {
  const path = new URL(request.url, "http://x").pathname;
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  if (request.method === "GET" && path === "/api/v1/categories") {
    return send(
      200,
      list([{ id: category, level: "subcategory", code: "natural_gas", name: "Gas", scope: 1 }]),
    );
  }
  if (request.method === "GET" && path === `/api/v1/companies/${company}/buildings`) {
    return send(200, list([{ id: building, companyId: company, name: "Plant" }]));
  }
  if (request.method === "POST" && path === "/api/v1/consumptions") {
    return send(200, { status: "ok", isCreated: true, isUpdated: false });
  }
  return send(404, { message: "not found" });
};

let server: FakeServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("consumptions upsert against the hosted service's answer", () => {
  const flags = {
    company,
    building,
    category: "natural_gas",
    start: "2025-01-01",
    end: "2025-01-31",
    quantity: "1200",
    unit: "kWh",
  };

  it("prints the outcome and the consumption sent, and where to find the emission", async () => {
    server = await startFakeServer([hosted]);
    const ctx = testContext({ apiUrl: server.url, token: "hosted-token", format: "json" });
    try {
      await runUpsert(ctx, flags);
    } finally {
      await ctx.close();
    }
    const printed: unknown = JSON.parse(ctx.io.stdoutText());
    expect(printed).toMatchObject({
      outcome: "inserted",
      consumption: {
        companyId: company,
        buildingId: building,
        categoryId: category,
        startDate: "2025-01-01T00:00:00.000Z",
        quantity: 1200,
        unitType: "kWh",
      },
    });
    expect(printed).not.toHaveProperty("emission");
    expect(ctx.io.stderrText()).toContain("did not send the emission back");
  });

  it("as a table: the outcome and the record, the emission's columns empty", async () => {
    server = await startFakeServer([hosted]);
    const ctx = testContext({ apiUrl: server.url, token: "hosted-token", format: "csv" });
    try {
      await runUpsert(ctx, flags);
    } finally {
      await ctx.close();
    }
    const [header, row] = ctx.io.stdoutText().trim().split("\n");
    expect(header?.split(",").slice(0, 3)).toEqual(["outcome", "id", "category"]);
    expect(row).toMatch(/^inserted,[0-9a-f-]{36},natural_gas,Plant,/);
  });
});
