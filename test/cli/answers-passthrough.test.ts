/**
 * `--json` prints what the server said: fields of its own that carbon does not know are kept,
 * and a server that answers only the interface's minimal shapes is read (a supplier as exactly
 * `{id, name, email}`, ids of any UUID version).
 */
import { afterEach, describe, expect, it } from "vitest";
import { type FakeServer, type Responder, startFakeServer } from "../unit/remote/fake-server.js";
import { runList as runCompanyList } from "./companies/runs.js";
import { testContext } from "./helpers.js";
import { runList as runSupplierList } from "./suppliers/runs.js";

const company = "5f2c1a00-1b2c-1d3e-9f40-123456789abc";
const supplier = {
  id: "12345678-1234-1234-1234-123456789abc",
  name: "Acme",
  email: "a@acme.example",
};

/** The rows a server of the interface might answer, by path; anything else is a 404. */
const minimal: Responder = (request, response) => {
  const path = new URL(request.url, "http://x").pathname;
  const rows: Record<string, unknown[]> = {
    "/api/v1/companies": [{ id: company, name: "Acme Group", sector: "logistics" }],
    "/api/v1/suppliers": [supplier],
  };
  const data = rows[path];
  response.writeHead(data === undefined ? 404 : 200, { "content-type": "application/json" });
  response.end(
    JSON.stringify(
      data === undefined
        ? { message: "not found" }
        : { data, pagination: { page: 1, limit: 50, total: data.length } },
    ),
  );
};

let server: FakeServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function printed(
  run: (ctx: ReturnType<typeof testContext>) => Promise<void>,
): Promise<unknown> {
  server = await startFakeServer([minimal]);
  const ctx = testContext({ apiUrl: server.url, token: "any-token", format: "json" });
  try {
    await run(ctx);
  } finally {
    await ctx.close();
  }
  return JSON.parse(ctx.io.stdoutText());
}

describe("--json against a server of the interface that is not carbon serve", () => {
  it("companies list keeps the server's own fields", async () => {
    const rows = await printed((ctx) => runCompanyList(ctx, { all: false }));
    expect(rows).toEqual([{ id: company, name: "Acme Group", country: null, sector: "logistics" }]);
  });

  it("suppliers list reads suppliers as exactly {id, name, email}", async () => {
    const rows = await printed((ctx) => runSupplierList(ctx, { company, all: false }));
    expect(rows).toEqual([{ ...supplier, address: null, externalId: null }]);
  });
});
