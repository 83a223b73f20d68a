/**
 * Custom factors on a server of the interface that is not carbon serve: such a server may list
 * nothing for a company it does not have, and the CLI still says the company is not found.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type FakeServer, type Responder, startFakeServer } from "../../unit/remote/fake-server.js";
import { errorCode, testContext } from "../helpers.js";
import { runCustomList } from "./custom-runs.js";

const known = "5f2c1a00-1b2c-1d3e-9f40-123456789abc";
const unknown = "00000000-0000-4000-8000-000000000000";

/** Announces nothing; knows one company; lists no custom factor for any company; else 404. */
const lenient: Responder = (request, response) => {
  const path = new URL(request.url, "http://x").pathname;
  const answers: Record<string, unknown> = {
    "/api/v1/auth/who-am-i": { id: "u1" },
    "/api/v1/companies": {
      data: [{ id: known, name: "Acme Group" }],
      pagination: { page: 1, limit: 50, total: 1 },
    },
    [`/api/v1/companies/${known}`]: { id: known, name: "Acme Group" },
    "/api/v1/categories": { data: [], pagination: { page: 1, limit: 50, total: 0 } },
    "/api/v1/emission-factors/custom": { data: [], pagination: { page: 1, limit: 50, total: 0 } },
  };
  const answer = answers[path];
  response.writeHead(answer === undefined ? 404 : 200, { "content-type": "application/json" });
  response.end(JSON.stringify(answer ?? { message: "not found" }));
};

let server: FakeServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function withServer<T>(run: (ctx: ReturnType<typeof testContext>) => Promise<T>): Promise<T> {
  server = await startFakeServer([lenient]);
  const ctx = testContext({ apiUrl: server.url, token: "any-token", format: "json" });
  try {
    return await run(ctx);
  } finally {
    await ctx.close();
  }
}

describe("factors custom list against a lenient server", () => {
  it("lists a known company's factors (none)", async () => {
    const printed = await withServer(async (ctx) => {
      await runCustomList(ctx, { company: known, all: false });
      return ctx.io.stdoutText();
    });
    expect(JSON.parse(printed)).toEqual([]);
  });

  it("an unknown company is not_found, not an empty list", async () => {
    const code = await withServer((ctx) =>
      errorCode(() => runCustomList(ctx, { company: unknown, all: false })),
    );
    expect(code).toBe("not_found");
  });
});
