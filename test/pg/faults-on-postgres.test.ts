/**
 * Faults of a PostgreSQL database under the engine and carbon serve: a pool with no free
 * connection and a statement the server cancels answer 503 with Retry-After (never a hang),
 * `/healthz` says when the database is unreachable, and an import whose connection the server
 * drops fails as unavailable (exit 7) with nothing of it stored.
 */
import pg from "pg";
import { describe, expect, it, onTestFinished } from "vitest";
import { openLocalService } from "../../src/backends/local/open.js";
import { categoryId } from "../../src/core/ids.js";
import { startServer } from "../../src/server/app.js";
import { signToken } from "../../src/server/auth.js";
import { postgresDatabase } from "../support/postgres-databases.js";

const company = "0a000000-0000-4000-8000-0000000000f1";
const building = "0b000000-0000-4000-8000-0000000000f1";
const secret = new TextEncoder().encode("a test secret of at least thirty-two bytes");

async function serving(url: string) {
  const service = await openLocalService({ path: url });
  const server = await startServer({
    service,
    secret,
    host: "127.0.0.1",
    port: 0,
    health: () => service.health(),
  });
  const token = await signToken({ email: "a@b.co", role: "admin", ttlSeconds: 600 }, secret);
  onTestFinished(async () => {
    await server.close();
    await service.close().catch(() => {});
  });
  return { service, server, token };
}

/** A client of the database of its own, beside the engine's pool. */
async function admin(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  onTestFinished(() => client.end().catch(() => {}));
  return client;
}

describe("faults on PostgreSQL", () => {
  it("a full pool and a cancelled statement answer 503 with Retry-After, none hangs", async () => {
    const database = await postgresDatabase({ migrated: true });
    onTestFinished(() => database.drop());
    // Wait 1 s for a free connection, let a statement run 1.5 s.
    const url = `${database.url}?connect_timeout=1&statement_timeout=1500`;
    const { server, token, service } = await serving(url);
    await service.companies.upsert({ id: company, name: "Locked", country: "ES" });
    const locker = await admin(database.url);
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE companies IN ACCESS EXCLUSIVE MODE");
    const started = performance.now();
    // More requests than the pool's 10 connections, each blocked on the lock.
    const answers = await Promise.all(
      Array.from({ length: 14 }, () =>
        fetch(`${server.url}/api/v1/companies/${company}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    const elapsed = performance.now() - started;
    await locker.query("ROLLBACK");
    expect(answers.map((answer) => answer.status)).toEqual(Array(14).fill(503));
    for (const answer of answers) expect(answer.headers.get("retry-after")).toBe("1");
    const details = new Set(
      await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as { detail: string }).detail),
      ),
    );
    expect(details).toEqual(
      new Set([
        "the database cancelled a statement that ran too long",
        "every database connection is busy",
      ]),
    );
    expect(elapsed).toBeLessThan(10_000);
    // Once the lock is gone the server answers again.
    const again = await fetch(`${server.url}/api/v1/companies/${company}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status).toBe(200);
  });

  it("/healthz says the database is unreachable, without naming it", async () => {
    const database = await postgresDatabase({ migrated: true });
    const { server } = await serving(database.url);
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
    await database.drop();
    const down = await fetch(`${server.url}/healthz`);
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("1");
    const body = await down.text();
    expect(JSON.parse(body)).toEqual({ status: "unavailable", database: "unreachable" });
    expect(body).not.toContain("127.0.0.1");
  });

  it("an import whose connection the server drops fails as unavailable, nothing of it stored", async () => {
    const database = await postgresDatabase({ migrated: true });
    onTestFinished(() => database.drop());
    const service = await openLocalService({ path: database.url });
    onTestFinished(() => service.close().catch(() => {}));
    await service.companies.upsert({ id: company, name: "Dropped", country: "ES" });
    await service.buildings.upsert({ id: building, companyId: company, name: "HQ", country: "ES" });
    const row = (n: number) => ({
      id: `0c000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
      entityId: `E${n}`,
      companyId: company,
      buildingId: building,
      categoryId: categoryId("electricity"),
      startDate: "2024-01-01",
      endDate: "2024-01-31",
      quantity: 100 + n,
      unitType: "kWh",
    });
    const session = await service.consumptions.openImport({ dryRun: false });
    await session.write([row(1), row(2)]);
    // The server ends every session of the database but this one: the import's among them.
    const killer = await admin(database.url);
    await killer.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    const failed = await session.write([row(3)]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({ code: "unavailable" });
    await session.abort();
    const stored = await service.consumptions.list({ companyId: company });
    expect(stored.pagination.total).toBe(0);
  });
});
