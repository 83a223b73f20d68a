/**
 * A server that pages at most 100 rows, whatever limit is asked (as a hosted service may): in
 * front of a real `carbon serve`, a proxy lowers `limit` to 100 on the way in. Said openly, the
 * answer's `pagination.limit` is 100; said silently, it is rewritten back to what was asked.
 * Every row must still come, once, in order; and a server that ignores `page` is caught.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allPages } from "../../../src/backends/remote/pages.js";
import {
  createRemoteService,
  type RemoteCarbonService,
} from "../../../src/backends/remote/service.js";
import { CarbonError } from "../../../src/core/errors.js";
import { categoryId, consumptionId } from "../../../src/core/ids.js";
import type { Emission } from "../../../src/core/model/emission.js";
import { type FakeServer, type Responder, startFakeServer } from "./fake-server.js";
import { type RealServer, startRealServer } from "./real-server.js";

const company = "c2000000-0000-4000-8000-000000000001";
const building = "b2000000-0000-4000-8000-000000000001";
const ROWS = 230;
const CAP = 100;

/** Forwards to `target` with `limit` at most CAP; `silent` hides the cap in the answer. */
function cappedProxy(target: string, silent: boolean): Responder {
  return async (request, response) => {
    const url = new URL(request.url, target);
    const asked = Number(url.searchParams.get("limit") ?? "50");
    if (url.searchParams.has("limit")) url.searchParams.set("limit", String(Math.min(asked, CAP)));
    const answer = await fetch(url, {
      method: request.method,
      headers: { authorization: request.headers.authorization ?? "" },
    });
    let text = await answer.text();
    if (silent && answer.ok && url.searchParams.has("limit")) {
      const page: { pagination: { limit: number } } = JSON.parse(text);
      page.pagination.limit = asked;
      text = JSON.stringify(page);
    }
    response.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    response.end(text);
  };
}

let server: RealServer;
const proxies: FakeServer[] = [];
const services: RemoteCarbonService[] = [];
let expected: Emission[];

async function behindCap(silent: boolean): Promise<RemoteCarbonService> {
  const proxy = await startFakeServer([cappedProxy(server.url, silent)]);
  proxies.push(proxy);
  const service = createRemoteService({ apiUrl: proxy.url, token: await server.token() });
  services.push(service);
  return service;
}

async function rows<T>(pages: AsyncIterable<readonly T[]>): Promise<{ all: T[]; sizes: number[] }> {
  const all: T[] = [];
  const sizes: number[] = [];
  for await (const page of pages) {
    all.push(...page);
    sizes.push(page.length);
  }
  return { all, sizes };
}

beforeAll(async () => {
  server = await startRealServer();
  const local = server.local;
  await local.companies.upsert({ id: company, name: "Capped", country: "ES" });
  await local.createBuilding({ id: building, companyId: company, name: "Plant", country: "ES" });
  const session = await local.openConsumptionImport({ dryRun: false });
  await session.write(
    Array.from({ length: ROWS }, (_, n) => {
      const base = {
        entityId: `BILL-${n}`,
        categoryId: categoryId("electricity"),
        startDate: `2024-0${1 + (n % 9)}-01T00:00:00.000Z`,
        endDate: `2024-0${1 + (n % 9)}-28T00:00:00.000Z`,
        companyId: company,
        buildingId: building,
        quantity: 100 + n,
        unitType: "kWh",
      };
      return { id: consumptionId(base), ...base };
    }),
  );
  await session.commit();
  expected = [];
  for await (const emission of local.streamEmissions({})) expected.push(emission);
});

afterAll(async () => {
  for (const service of services) await service.close();
  for (const proxy of proxies) await proxy.close();
  await server.close();
});

describe.each([
  ["says so in pagination.limit", false],
  ["does not say so", true],
])("a server capping pages at 100 that %s", (_label, silent) => {
  it("streamEmissions still gives every emission once, in order", async () => {
    const remote = await behindCap(silent);
    const streamed: Emission[] = [];
    for await (const emission of remote.streamEmissions({})) streamed.push(emission);
    expect(streamed).toHaveLength(ROWS);
    expect(streamed).toEqual(expected);
  });

  it("streamList gives every row in pages of the server's size, no page asked twice", async () => {
    const remote = await behindCap(silent);
    const { all, sizes } = await rows(remote.streamList("emissions", {}));
    expect(all).toEqual(expected);
    expect(sizes).toEqual([100, 100, 30]);
    const proxy = proxies.at(-1);
    const asked = proxy?.requests.map((request) => new URL(request.url, "http://x").search);
    expect(asked).toEqual(["?page=1&limit=500", "?page=2&limit=100", "?page=3&limit=100"]);
  });
});

describe("following the interface's pages", () => {
  const page = (n: number, data: readonly number[], total: number, limit = 2) => ({
    data,
    pagination: { page: n, limit, total },
  });

  it("stops on an empty page even when the total promised more", async () => {
    const answers = [page(1, [1, 2], 9), page(2, [3], 9), page(3, [], 9)];
    const { all } = await rows(
      allPages(async ({ page: n }) => answers[n - 1] ?? page(n, [], 9), 2),
    );
    expect(all).toEqual([1, 2, 3]);
  });

  it("does not stop on a short page before the total", async () => {
    const answers = [page(1, [1, 2], 5), page(2, [3], 5), page(3, [4, 5], 5)];
    const { all } = await rows(
      allPages(async ({ page: n }) => answers[n - 1] ?? page(n, [], 5), 2),
    );
    expect(all).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses a server that answers another page than the one asked", async () => {
    const ignoring = allPages(async () => page(1, [1, 2], 6), 2);
    const failure = await rows(ignoring).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CarbonError);
    expect(failure).toMatchObject({ code: "unavailable" });
  });
});
