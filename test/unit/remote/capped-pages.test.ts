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
} from "../../../src/backends/remote/remote-service.js";
import { categoriesFace } from "../../../src/cli/commands/categories/face.js";
import { runExport } from "../../../src/cli/commands/emissions/export.js";
import { runReadOnlyList } from "../../../src/cli/commands/resource-run.js";
import { CarbonError } from "../../../src/core/errors.js";
import { categoryId, consumptionId } from "../../../src/core/ids.js";
import type { Emission } from "../../../src/core/model/emission.js";
import { serviceCompanyLoader } from "../../../src/import/references.js";
import { type TestContext, testContext } from "../../cli/helpers.js";
import { type FakeServer, type Responder, startFakeServer } from "./fake-server.js";
import { type RealServer, startRealServer } from "./real-server.js";

const company = "c2000000-0000-4000-8000-000000000001";
const building = "b2000000-0000-4000-8000-000000000001";
const ROWS = 230;
/** Emission lines of the rows: each electricity bill has its direct line and three derived. */
const LINES = ROWS * 4;
/** A company with more buildings than one capped page holds. */
const campus = "c3000000-0000-4000-8000-000000000001";
const BUILDINGS = 120;
const CAP = 100;

/** Forwards to `target` with `limit` at most `cap`; `silent` hides the cap in the answer. */
function cappedProxy(target: string, silent: boolean, cap = CAP): Responder {
  return async (request, response) => {
    const url = new URL(request.url, target);
    const asked = Number(url.searchParams.get("limit") ?? "50");
    if (url.searchParams.has("limit")) url.searchParams.set("limit", String(Math.min(asked, cap)));
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
const contexts: TestContext[] = [];
let expected: Emission[];

async function cappedUrl(silent: boolean, cap = CAP): Promise<string> {
  const proxy = await startFakeServer([cappedProxy(server.url, silent, cap)]);
  proxies.push(proxy);
  return proxy.url;
}

async function behindCap(silent: boolean, cap = CAP): Promise<RemoteCarbonService> {
  const apiUrl = await cappedUrl(silent, cap);
  const service = createRemoteService({ apiUrl, token: await server.token() });
  services.push(service);
  return service;
}

/** A CLI context on the server behind the cap. */
async function cliBehindCap(silent: boolean, format: "json" | "csv", cap = CAP) {
  const apiUrl = await cappedUrl(silent, cap);
  const ctx = testContext({ apiUrl, token: await server.token(), format });
  contexts.push(ctx);
  return ctx;
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
  await local.buildings.upsert({ id: building, companyId: company, name: "Plant", country: "ES" });
  await local.companies.upsert({ id: campus, name: "Campus", country: "ES" });
  for (let n = 0; n < BUILDINGS; n += 1) {
    const id = `b3000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    await local.buildings.upsert({ id, companyId: campus, name: `Hall ${n}`, country: "ES" });
  }
  const session = await local.consumptions.openImport({ dryRun: false });
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
  for await (const emission of local.emissions.stream({})) expected.push(emission);
});

afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
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
    for await (const emission of remote.emissions.stream({})) streamed.push(emission);
    expect(streamed).toHaveLength(LINES);
    expect(streamed).toEqual(expected);
  });

  it("streamList gives every row in pages of the server's size, no page asked twice", async () => {
    const remote = await behindCap(silent);
    const { all, sizes } = await rows(remote.streamList("emissions", {}));
    expect(all).toEqual(expected);
    expect(sizes).toEqual([100, 100, 100, 100, 100, 100, 100, 100, 100, 20]);
    const proxy = proxies.at(-1);
    const asked = proxy?.requests.map((request) => new URL(request.url, "http://x").search);
    expect(asked).toEqual([
      "?page=1&limit=500",
      ...Array.from({ length: 9 }, (_, n) => `?page=${n + 2}&limit=100`),
    ]);
  });

  it("categories list prints every category, in pages of 40", async () => {
    const all = (await server.local.categories.list({})).data;
    const ctx = await cliBehindCap(silent, "json", 40);
    await runReadOnlyList(ctx, categoriesFace, { filters: {} });
    const printed: unknown[] = JSON.parse(ctx.io.stdoutText());
    expect(all.length).toBeGreaterThan(40);
    expect(printed).toHaveLength(all.length);
  });

  it("emissions export writes every emission", async () => {
    const ctx = await cliBehindCap(silent, "csv");
    await runExport(ctx, {});
    const lines = ctx.io.stdoutText().trim().split("\n");
    expect(lines).toHaveLength(LINES + 1);
  });

  it("an import's building lookup reads every building of a company", async () => {
    const remote = await behindCap(silent);
    const refs = await serviceCompanyLoader(remote).load(campus);
    expect(refs).toHaveLength(BUILDINGS);
  });
});

describe("following the interface's pages", () => {
  const page = (n: number, data: readonly number[], total: number, limit = 2) => ({
    data,
    pagination: { page: n, limit, total },
  });

  it("refuses a server whose pages stop (an empty page) before the total it promised", async () => {
    const answers = [page(1, [1, 2], 9), page(2, [3], 9), page(3, [], 9)];
    const seen: number[] = [];
    const failure = await (async () => {
      for await (const rows of allPages(
        async ({ page: n }) => answers[n - 1] ?? page(n, [], 9),
        2,
      )) {
        seen.push(...rows);
      }
    })().catch((error: unknown) => error);
    expect(seen).toEqual([1, 2, 3]);
    expect(failure).toBeInstanceOf(CarbonError);
    expect(failure).toMatchObject({ code: "unavailable" });
    expect(String(failure)).toContain("said 9 rows exist");
  });

  it("ends on an empty first page when the total is 0", async () => {
    const { all } = await rows(allPages(async () => page(1, [], 0), 2));
    expect(all).toEqual([]);
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

describe("a server whose pages stop before the total it announced", () => {
  const cat = "7b4e3c22-3d4e-4f60-9b62-3456789abcde";
  const categoryRow = (n: number) => ({
    id: `7b4e3c22-3d4e-4f60-9b62-${String(n).padStart(12, "0")}`,
    level: "subcategory",
    code: `code_${n}`,
    name: `Category ${n}`,
    parentId: null,
    scope: 1,
    defaultUnit: null,
    factorKey: null,
    marketFactorKey: null,
  });
  const emissionRow = (n: number) => ({
    id: `e1000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    consumptionId: `c1000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    companyId: company,
    buildingId: building,
    categoryId: cat,
    scope: 1,
    startDate: "2025-01-01",
    endDate: "2025-01-31",
    co2e: 10 + n,
    ...Object.fromEntries(
      ["co2", "ch4", "n2o", "co2eMarketBased", "factorId", "factorSource", "factorYear"].map(
        (field) => [field, null],
      ),
    ),
    ...Object.fromEntries(
      ["convertedQuantity", "factorUnit", "factorValue", "resolution", "gwpSet"].map((field) => [
        field,
        null,
      ]),
    ),
    marketFactorId: null,
    marketBasis: null,
    status: "calculated",
    quantity: 100,
    unit: "kWh",
  });
  /** Pages of at most 100 rows; every page after the first is empty, whatever the total says. */
  const stopping: Responder = (request, response) => {
    const url = new URL(request.url, "http://x");
    const pageNo = Number(url.searchParams.get("page") ?? "1");
    const of = (rows: (n: number) => unknown, total: number) => ({
      data: pageNo === 1 ? Array.from({ length: Math.min(total, 100) }, (_, n) => rows(n)) : [],
      pagination: { page: pageNo, limit: 100, total },
    });
    const body =
      url.pathname === "/api/v1/categories"
        ? of(categoryRow, url.searchParams.get("level") === null ? 102 : 1)
        : url.pathname === "/api/v1/emissions"
          ? of(emissionRow, 161)
          : url.pathname === `/api/v1/companies/${company}/buildings`
            ? {
                data: [{ id: building, companyId: company, name: "Plant" }],
                pagination: { page: 1, limit: 100, total: 1 },
              }
            : undefined;
    response.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify(body ?? { message: "not found" }));
  };

  async function stoppingContext(format: "json" | "csv"): Promise<TestContext> {
    const proxy = await startFakeServer([stopping]);
    proxies.push(proxy);
    const ctx = testContext({ apiUrl: proxy.url, token: "hosted-token", format });
    contexts.push(ctx);
    return ctx;
  }

  it("categories list fails (exit 7) instead of printing 100 of 102", async () => {
    const ctx = await stoppingContext("json");
    const failure = await runReadOnlyList(ctx, categoriesFace, { filters: {} }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CarbonError);
    expect(failure).toMatchObject({ code: "unavailable" });
    expect(String(failure)).toContain("said 102 rows exist");
  });

  it("emissions export fails (exit 7) instead of ending at 100 of 161", async () => {
    const ctx = await stoppingContext("csv");
    const failure = await runExport(ctx, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CarbonError);
    expect(failure).toMatchObject({ code: "unavailable" });
    expect(String(failure)).toContain("said 161 rows exist");
  });
});
