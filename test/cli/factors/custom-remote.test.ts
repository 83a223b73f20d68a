/**
 * Custom factors on a server of the interface that is not carbon serve: such a server may list
 * nothing for a company it does not have, and the CLI still says the company is not found.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runCreate } from "../../../src/cli/commands/factors/custom/create.js";
import { categoryId } from "../../../src/core/ids.js";
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

/**
 * A carbon serve from before validity dates: it announces the custom factor upsert but not
 * `customFactorValidity`, and answers a factor with its calendar `year`.
 */
const olderServe: Responder = (request, response) => {
  const path = new URL(request.url, "http://x").pathname;
  const electricity = {
    id: categoryId("electricity"),
    level: "subcategory",
    code: "electricity",
    name: "Electricity",
    parentId: null,
    scope: 2,
    defaultUnit: "kWh",
  };
  const answers: Record<string, unknown> = {
    "/api/v1/auth/who-am-i": { id: "u1", extensions: ["POST /emission-factors/custom"] },
    "/api/v1/companies": {
      data: [{ id: known, name: "Acme Group" }],
      pagination: { page: 1, limit: 50, total: 1 },
    },
    [`/api/v1/companies/${known}`]: { id: known, name: "Acme Group" },
    "/api/v1/categories": { data: [electricity], pagination: { page: 1, limit: 500, total: 1 } },
  };
  let answer = answers[path];
  if (path === "/api/v1/emission-factors/custom" && request.method === "POST") {
    const body = JSON.parse(request.body) as Record<string, unknown>;
    answer = { ...body, createdAt: "2025-01-01T00:00:00.000Z" };
  }
  response.writeHead(answer === undefined ? 404 : 200, { "content-type": "application/json" });
  response.end(JSON.stringify(answer ?? { message: "not found" }));
};

describe("factors custom create against a server without validity dates", () => {
  const create = {
    company: known,
    category: "electricity",
    unit: "kWh",
    co2e: "0.05",
    source: "Supplier X",
  };

  async function withOlder<T>(run: (ctx: ReturnType<typeof testContext>) => Promise<T>) {
    server = await startFakeServer([olderServe]);
    const ctx = testContext({ apiUrl: server.url, token: "any-token", format: "json" });
    try {
      return { result: await run(ctx), stdout: ctx.io.stdoutText(), stderr: ctx.io.stderrText() };
    } finally {
      await ctx.close();
    }
  }

  it("sends --year as year (never a null), and reads the answer's year as its validity", async () => {
    const { stdout, stderr } = await withOlder((ctx) =>
      runCreate(ctx, { ...create, year: "2024" }),
    );
    const posted = server?.requests.find((r) => r.method === "POST" && r.url.includes("custom"));
    const body = JSON.parse(posted?.body ?? "{}") as Record<string, unknown>;
    expect(body.year).toBe(2024);
    expect(Object.values(body)).not.toContain(null);
    expect(body).not.toHaveProperty("validFrom");
    expect(posted?.url).not.toContain("dryRun");
    expect(JSON.parse(stdout)).toMatchObject({ validFrom: "2024-01-01", validTo: "2024-12-31" });
    expect(stderr).toMatch(/does not report what this factor moved/);
  });

  it.each([[{ validFrom: "2025-04-01" }], [{ year: "2025", dryRun: true }]])(
    "refuses %j as a usage error naming the server, sending nothing",
    async (extra) => {
      const { result } = await withOlder((ctx) =>
        errorCode(() => runCreate(ctx, { ...create, ...extra })),
      );
      expect(result).toBe("usage");
      expect(server?.requests.some((r) => r.method === "POST" && r.url.includes("custom"))).toBe(
        false,
      );
    },
  );
});
