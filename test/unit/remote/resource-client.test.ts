/**
 * The derived remote client speaks the interface: spec operations always, extensions only when
 * announced. The hosted service (not ours, so a MockAgent) announces none.
 */
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { parseApiUrl } from "../../../src/backends/remote/api-url.js";
import { ServerCapabilities } from "../../../src/backends/remote/capabilities.js";
import { createHttpClient } from "../../../src/backends/remote/client.js";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { remoteResource } from "../../../src/backends/remote/resource-client.js";
import { CarbonError } from "../../../src/core/errors.js";
import { companiesResource } from "../../../src/core/resources/companies.js";
import { type RealServer, startRealServer } from "./real-server.js";

const origin = "https://carbon.example.com";
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function hosted(): { agent: MockAgent; bodies: unknown[] } {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const bodies: unknown[] = [];
  const pool = agent.get(origin);
  pool
    .intercept({ path: "/api/v1/auth/who-am-i", method: "POST" })
    .reply(200, { id: "u1", email: "ana@example.com" })
    .persist();
  return { agent, bodies };
}

function company(index: number) {
  return {
    // Any UUID: the hosted service's ids need not be v4.
    id: `00000000-0000-1000-8000-${String(index).padStart(12, "0")}`,
    name: `Company ${index}`,
    country: "ES",
    createdAt: "2025-01-01T00:00:00.000Z",
    plan: "enterprise",
  };
}

function serviceOn(agent: MockAgent) {
  const service = createRemoteService({ apiUrl: origin, token: "t", dispatcher: agent });
  closers.push(() => service.close());
  return service;
}

describe("derived remote resource on a server that announces nothing", () => {
  it("get reads the spec's listing, every page, and keeps unknown fields", async () => {
    const { agent } = hosted();
    const pool = agent.get(origin);
    const all = [1, 2, 3].map(company);
    // The server pages by 2 whatever is asked: page 1 has two, page 2 the third.
    pool
      .intercept({
        path: (path) => path.startsWith("/api/v1/companies?") && path.includes("page=1"),
        method: "GET",
      })
      .reply(200, { data: all.slice(0, 2), pagination: { page: 1, limit: 2, total: 3 } });
    pool
      .intercept({
        path: (path) => path.startsWith("/api/v1/companies?") && path.includes("page=2"),
        method: "GET",
      })
      .reply(200, { data: all.slice(2), pagination: { page: 2, limit: 2, total: 3 } });
    const found = await serviceOn(agent).companies.get(all[2]?.id.toUpperCase() ?? "");
    expect(found).toMatchObject({ name: "Company 3", plan: "enterprise" });
  });

  it("get of an id on no page is not_found, after pagination.total rows", async () => {
    const { agent } = hosted();
    agent
      .get(origin)
      .intercept({ path: (path) => path.startsWith("/api/v1/companies?"), method: "GET" })
      .reply(200, { data: [company(1)], pagination: { page: 1, limit: 500, total: 1 } });
    const error = await serviceOn(agent)
      .companies.get(company(9).id)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarbonError);
    expect(error).toMatchObject({ code: "not_found" });
  });

  it("upsert posts to the spec path without absent fields", async () => {
    const { agent, bodies } = hosted();
    agent
      .get(origin)
      .intercept({ path: "/api/v1/companies", method: "POST" })
      .reply(201, (request) => {
        const body: unknown = JSON.parse(String(request.body));
        bodies.push(body);
        return { ...company(1), country: null };
      });
    await serviceOn(agent).companies.upsert({
      id: company(1).id,
      name: "Company 1",
      country: null,
    });
    expect(bodies).toEqual([{ id: company(1).id, name: "Company 1" }]);
  });

  it("a write the spec lacks is a usage error naming the server, and sends nothing", async () => {
    const { agent } = hosted();
    const client = createHttpClient({
      api: parseApiUrl("the API address", origin, { insecure: false }),
      token: "t",
      dispatcher: agent,
    });
    closers.push(() => client.close());
    const extensionOnly = {
      ...companiesResource,
      operations: { ...companiesResource.operations, upsert: { path: "/companies", spec: false } },
    };
    const port = remoteResource(client, new ServerCapabilities(client), extensionOnly);
    const error = await port
      .upsert({ id: company(1).id, name: "Company 1" })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "usage" });
    expect(String(error)).toContain(origin);
  });
});

describe("derived remote resource on carbon serve", () => {
  let server: RealServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("get uses the announced GET /companies/{id}", async () => {
    server = await startRealServer();
    await server.local.companies.upsert({ id: company(1).id, name: "Real", country: "GB" });
    const lines: string[] = [];
    const service = createRemoteService({
      apiUrl: server.url,
      token: await server.token(),
      debug: (line) => lines.push(line),
    });
    closers.push(() => service.close());
    expect(await service.companies.get(company(1).id)).toMatchObject({ name: "Real" });
    expect(lines.some((line) => line.includes(`/companies/${company(1).id}`))).toBe(true);
    expect(lines.some((line) => /GET \S+\/companies\?/.test(line))).toBe(false);
  });
});
