/**
 * `list --all` streams: each page is printed before the next one is read (so a list holds one
 * page, whatever its length), the first rows are out before the last page is fetched from a
 * server, and Ctrl-C in the middle stops it as interrupted, even when stdout has stopped draining.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ListOptions, runList } from "../../src/cli/commands/emissions/list.js";
import { type Context, createContext } from "../../src/cli/context.js";
import { createTestIo, type TestIo } from "../../src/cli/io.js";
import type { OutputFormat } from "../../src/cli/output/format.js";
import { categoryId, consumptionId } from "../../src/core/ids.js";
import type { CarbonService } from "../../src/core/service.js";
import { type FakeServer, startFakeServer } from "../unit/remote/fake-server.js";
import { type RealServer, startRealServer } from "../unit/remote/real-server.js";
import { createTestDb, seedAcme, type TestDb } from "./emissions/local-db.js";
import { errorCode, tempDir } from "./helpers.js";

const all: ListOptions = { all: true, limit: "20", explain: false };

/** What a stream read and what was written, step by step. */
interface Watch {
  pagesRead: number;
  writes: number;
  /** Pages read while the page before them was not yet written. */
  readAhead: number;
}

/** The service, with its emission stream counted: a page read before the last one was printed is noted. */
function watched(service: CarbonService, watch: Watch): CarbonService {
  return new Proxy(service, {
    get(target, property) {
      if (property === "streamList") {
        return async function* (...args: Parameters<CarbonService["streamList"]>) {
          // Only the list printed is watched (names are read through other lists).
          if (args[0] !== "emissions") {
            yield* target.streamList(...args);
            return;
          }
          let writesAtYield: number | undefined;
          for await (const page of target.streamList(...args)) {
            if (writesAtYield !== undefined && watch.writes === writesAtYield) watch.readAhead += 1;
            watch.pagesRead += 1;
            writesAtYield = watch.writes;
            yield page;
          }
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function counted(io: TestIo, watch: Watch): TestIo {
  const write = io.write.bind(io);
  io.write = (chunk) => {
    watch.writes += 1;
    return write(chunk);
  };
  return io;
}

/** A context on `db` whose service is watched; `signal` to interrupt it. */
function contextOn(
  db: TestDb,
  format: OutputFormat,
  io: TestIo,
  watch: Watch,
  signal?: AbortSignal,
) {
  const ctx = createContext({
    io,
    env: {},
    globals: () => ({ db: db.dbPath, format }),
    signal: signal ?? new AbortController().signal,
  });
  const context: Context = { ...ctx, service: async () => watched(await ctx.service(), watch) };
  return { context, close: () => ctx.close() };
}

describe("emissions list --all on the local engine", () => {
  let db: TestDb;
  /** Pages of 20 emission lines: the 161 bills' own lines and their category 3 lines. */
  let pages: number;
  beforeAll(async () => {
    db = createTestDb();
    await seedAcme(db);
    const lines = await db.withService(
      async (service) => (await service.emissions.list({ limit: 1 })).pagination.total,
    );
    expect(lines).toBeGreaterThan(161);
    pages = Math.ceil(lines / 20);
  });

  it.each<OutputFormat>(["tsv", "csv", "ndjson", "json", "table"])(
    "%s: every page is printed before the next is read, and the text is the one-page text",
    async (format) => {
      const watch: Watch = { pagesRead: 0, writes: 0, readAhead: 0 };
      const io = counted(createTestIo({ stdoutIsTty: format === "table", columns: 200 }), watch);
      const { context, close } = contextOn(db, format, io, watch);
      try {
        await runList(context, all);
      } finally {
        await close();
      }
      expect(watch.pagesRead).toBe(pages);
      expect(watch.readAhead).toBe(0);
      expect(watch.writes).toBeGreaterThanOrEqual(pages);
      if (format === "table") return; // widths come from the first page, not from all rows
      const whole = await db.run(
        (ctx) => runList(ctx, { all: false, limit: "500", explain: false }),
        {
          globals: { format },
        },
      );
      expect(io.stdoutText()).toBe(whole.stdout);
    },
  );

  it("Ctrl-C after the first page stops the list: interrupted, the rest not printed", async () => {
    const controller = new AbortController();
    const watch: Watch = { pagesRead: 0, writes: 0, readAhead: 0 };
    const io = counted(createTestIo(), watch);
    const write = io.write.bind(io);
    io.write = (chunk) => {
      controller.abort();
      return write(chunk);
    };
    const { context, close } = contextOn(db, "tsv", io, watch, controller.signal);
    try {
      expect(await errorCode(() => runList(context, all))).toBe("interrupted");
    } finally {
      await close();
    }
    expect(io.stdoutText().trimEnd().split("\n")).toHaveLength(21); // the header and one page
    expect(watch.pagesRead).toBeLessThanOrEqual(2);
  });

  it("Ctrl-C while stdout has stopped draining (a pager left unread) still stops it", async () => {
    const controller = new AbortController();
    const io = createTestIo();
    const write = io.write.bind(io);
    let writes = 0;
    io.write = (chunk) => {
      writes += 1;
      if (writes === 1) return write(chunk);
      setTimeout(() => controller.abort(), 10);
      return new Promise<void>(() => {}); // never drains
    };
    const { context, close } = contextOn(
      db,
      "tsv",
      io,
      { pagesRead: 0, writes: 0, readAhead: 0 },
      controller.signal,
    );
    try {
      expect(await errorCode(() => runList(context, all))).toBe("interrupted");
    } finally {
      await close();
    }
  });
});

describe("emissions list --all against a server", () => {
  const company = "c3000000-0000-4000-8000-000000000001";
  const building = "b3000000-0000-4000-8000-000000000001";
  let server: RealServer;
  let proxy: FakeServer;

  beforeAll(async () => {
    server = await startRealServer();
    await server.local.companies.upsert({ id: company, name: "Streamed", country: "ES" });
    await server.local.buildings.upsert({ id: building, companyId: company, name: "Plant" });
    const session = await server.local.consumptions.openImport({ dryRun: false });
    await session.write(
      Array.from({ length: 230 }, (_, n) => {
        const base = {
          entityId: `BILL-${n}`,
          categoryId: categoryId("electricity"),
          startDate: "2024-05-01T00:00:00.000Z",
          endDate: "2024-05-31T00:00:00.000Z",
          companyId: company,
          buildingId: building,
          quantity: 100 + n,
          unitType: "kWh",
        };
        return { id: consumptionId(base), ...base };
      }),
    );
    await session.commit();
    // In front of the server: passes every request on, and records it.
    proxy = await startFakeServer([
      async (request, response) => {
        const answer = await fetch(new URL(request.url, server.url), {
          headers: { authorization: request.headers.authorization ?? "" },
        });
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(await answer.text());
      },
    ]);
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  it("prints the first page before the last one is fetched", async () => {
    const pagesFetched = () =>
      proxy.requests.filter((request) => request.url.startsWith("/api/v1/emissions?")).length;
    const io = createTestIo();
    const write = io.write.bind(io);
    let fetchedAtFirstWrite: number | undefined;
    io.write = (chunk) => {
      fetchedAtFirstWrite ??= pagesFetched();
      return write(chunk);
    };
    const ctx = createContext({
      io,
      env: { HOME: tempDir(), CARBON_API_URL: proxy.url, CARBON_TOKEN: await server.token() },
      globals: () => ({ format: "tsv" }),
      signal: new AbortController().signal,
    });
    try {
      await runList(ctx, { all: true, limit: "100", explain: false });
    } finally {
      await ctx.close();
    }
    // 230 ES electricity bills of four lines each (the three category 3 ones awaiting), and
    // the header: 10 pages of 100 lines.
    expect(io.stdoutText().trimEnd().split("\n")).toHaveLength(921);
    expect(pagesFetched()).toBe(10);
    expect(fetchedAtFirstWrite).toBe(1);
  });
});
