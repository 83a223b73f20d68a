/**
 * A resource listed per company (`companyList`, buildings) against a server that offers the
 * specification alone (an undici MockAgent announcing nothing): one company's records come from
 * `GET /companies/{id}/buildings`, every company's and a record by id from reading company after
 * company, and a write is refused plainly. Every request must be intercepted, every intercept used.
 */
import { MockAgent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createRemoteService } from "../../../src/backends/remote/remote-service.js";
import { CarbonError } from "../../../src/core/errors.js";

const origin = "https://carbon.example.com";
const acme = "c5000000-0000-4000-8000-000000000001";
const globex = "c5000000-0000-4000-8000-000000000002";
const madrid = { id: "b5000000-0000-4000-8000-000000000001", companyId: acme, name: "Madrid" };
const sevilla = { id: "b5000000-0000-4000-8000-000000000002", companyId: acme, name: "Sevilla" };
const london = { id: "b5000000-0000-4000-8000-000000000003", companyId: globex, name: "London" };

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

function page<T>(data: readonly T[], limit = 500) {
  return { data, pagination: { page: 1, limit, total: data.length } };
}

/** Announces nothing on who-am-i; answers each route given, once. */
function specServer(routes: Readonly<Record<string, object>>): MockAgent {
  agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(origin);
  pool.intercept({ path: "/api/v1/auth/who-am-i", method: "POST" }).reply(200, { id: "u1" });
  for (const [path, answer] of Object.entries(routes)) {
    pool.intercept({ path: `/api/v1${path}`, method: "GET" }).reply(200, answer);
  }
  return agent;
}

/** The companies and each one's buildings, as a scan reads them (every page of 500). */
const everyCompany = {
  "/companies?page=1&limit=500": page([
    { id: acme, name: "Acme" },
    { id: globex, name: "Globex" },
  ]),
  [`/companies/${acme}/buildings?page=1&limit=500`]: page([madrid, sevilla]),
  [`/companies/${globex}/buildings?page=1&limit=500`]: page([london]),
};

function serviceOn(mock: MockAgent) {
  return createRemoteService({ apiUrl: origin, token: "t", dispatcher: mock, concurrency: 2 });
}

describe("buildings on a server of the specification alone", () => {
  it("one company's buildings come from GET /companies/{id}/buildings, paged as asked", async () => {
    const mock = specServer({ [`/companies/${acme}/buildings?page=2&limit=1`]: page([sevilla]) });
    const listed = await serviceOn(mock).buildings.list({ companyId: acme, page: 2, limit: 1 });
    expect(listed.data.map((building) => building.name)).toEqual(["Sevilla"]);
  });

  it("every company's buildings: company after company, then the page asked for", async () => {
    const mock = specServer(everyCompany);
    const listed = await serviceOn(mock).buildings.list({ page: 2, limit: 2 });
    expect(listed).toEqual({
      data: [{ ...london, country: null }],
      pagination: { page: 2, limit: 2, total: 3 },
    });
    mock.assertNoPendingInterceptors();
  });

  it("a building by id is found in its company's listing, in any case", async () => {
    const mock = specServer(everyCompany);
    const found = await serviceOn(mock).buildings.get(london.id.toUpperCase());
    expect(found.name).toBe("London");
    mock.assertNoPendingInterceptors();
  });

  it("an id in no company's listing is not_found", async () => {
    const mock = specServer(everyCompany);
    const missing = "b5000000-0000-4000-8000-000000000009";
    await expect(serviceOn(mock).buildings.get(missing)).rejects.toMatchObject({
      code: "not_found",
      message: `building ${missing} not found`,
    });
    mock.assertNoPendingInterceptors();
  });

  it("creating a building is a usage error saying what to do instead; nothing is sent", async () => {
    const mock = specServer({});
    const error = await serviceOn(mock)
      .buildings.upsert({ ...madrid, country: "ES" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarbonError);
    expect(error).toMatchObject({
      code: "usage",
      message: expect.stringMatching(
        /^the server at https:\/\/carbon\.example\.com\S* does not offer creating buildings/,
      ),
      hint: "create the building in the service itself, then use its id",
    });
    mock.assertNoPendingInterceptors();
  });
});
