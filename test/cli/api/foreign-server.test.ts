/** `carbon api` against faults only a foreign server produces: an undici MockAgent. */
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { sendApiRequest } from "../../../src/cli/commands/api/call.js";
import { buildRequest } from "../../../src/cli/commands/api/request.js";
import { createTestIo } from "../../../src/cli/io.js";
import { CarbonError } from "../../../src/core/errors.js";

describe("carbon api: faults only a foreign server produces (MockAgent)", () => {
  const origin = "https://carbon.example.com";
  let agent: MockAgent | undefined;
  afterEach(async () => {
    await agent?.close();
    agent = undefined;
  });

  function mock() {
    agent = new MockAgent();
    agent.disableNetConnect();
    const service = createRemoteService({
      apiUrl: origin,
      token: "t",
      dispatcher: agent,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 2 },
    });
    return { pool: agent.get(origin), service };
  }

  const page = (rows: number[], page: number, limit: number, total: number) => ({
    data: rows.map((n) => ({ n })),
    pagination: { page, limit, total },
  });

  it("--paginate follows a server that caps the page size below what was asked", async () => {
    const { pool, service } = mock();
    const path = (n: number, limit: number) => `/api/v1/things?page=${n}&limit=${limit}`;
    pool.intercept({ path: path(1, 500), method: "GET" }).reply(200, page([1, 2], 1, 2, 5));
    pool.intercept({ path: path(2, 2), method: "GET" }).reply(200, page([3, 4], 2, 2, 5));
    pool.intercept({ path: path(3, 2), method: "GET" }).reply(200, page([5], 3, 2, 5));
    const io = createTestIo();
    const request = buildRequest({ method: "GET", path: "things", fields: [] });
    await sendApiRequest(service, io, { kind: "json", indent: 0 }, request, true);
    expect(JSON.parse(io.stdoutText())).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    agent?.assertNoPendingInterceptors();
  });

  it("--paginate never exits 0 with fewer rows than the server said exist", async () => {
    const { pool, service } = mock();
    pool
      .intercept({ path: "/api/v1/things?page=1&limit=500", method: "GET" })
      .reply(200, page([1, 2], 1, 500, 4));
    pool
      .intercept({ path: "/api/v1/things?page=2&limit=2", method: "GET" })
      .reply(200, page([], 2, 500, 4));
    const request = buildRequest({ method: "GET", path: "things", fields: [] });
    const error = await sendApiRequest(
      service,
      createTestIo(),
      { kind: "ndjson" },
      request,
      true,
    ).catch((caught: unknown) => caught);
    expect(error instanceof CarbonError ? [error.code, error.exitCode] : error).toEqual([
      "unavailable",
      7,
    ]);
    expect(error instanceof Error ? error.message : "").toContain("said 4 rows");
  });

  it("a problem body becomes its CarbonError; 503 is retried, then unavailable (7)", async () => {
    const { pool, service } = mock();
    pool
      .intercept({ path: "/api/v1/things", method: "PATCH" })
      .reply(409, { code: "conflict", detail: "the thing changed" });
    const patch = buildRequest({
      method: "PATCH",
      path: "things",
      fields: [["name", "x"]],
    });
    const conflict = await sendApiRequest(service, createTestIo(), { kind: "ndjson" }, patch, false)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(
      conflict instanceof CarbonError ? [conflict.exitCode, conflict.message] : conflict,
    ).toEqual([6, "the thing changed"]);
    pool.intercept({ path: "/api/v1/things", method: "GET" }).reply(503, "busy").times(2);
    const get = buildRequest({ method: "GET", path: "things", fields: [] });
    const down = await sendApiRequest(service, createTestIo(), { kind: "ndjson" }, get, false)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(down instanceof CarbonError ? down.exitCode : down).toBe(7);
    agent?.assertNoPendingInterceptors();
  });

  it("an empty answer (204) prints nothing", async () => {
    const { pool, service } = mock();
    pool.intercept({ path: "/api/v1/things/1", method: "DELETE" }).reply(204, "");
    const io = createTestIo();
    const request = buildRequest({ method: "DELETE", path: "things/1", fields: [] });
    await sendApiRequest(service, io, { kind: "json", indent: 0 }, request, false);
    expect(io.stdoutText()).toBe("");
  });
});
