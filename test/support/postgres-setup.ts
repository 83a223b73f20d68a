/**
 * Vitest global setup of the PostgreSQL tier: starts the run's own throwaway server
 * (postgres-cluster.ts), migrates a template database there, and tells the workers the server's
 * URL (CARBON_TEST_POSTGRES_URL). Without the
 * server binaries the tier fails under CI=true (.ci/run installs them), and elsewhere says
 * loudly that it did not run.
 */
import pg from "pg";
import { connect } from "../../src/store/postgres/database.js";
import { migratePostgres } from "../../src/store/postgres/migrations.js";
import { parsePostgresUrl } from "../../src/store/postgres/url.js";
import { postgresBinaries, startPostgres } from "./postgres-cluster.js";
import { POSTGRES_TEMPLATE } from "./postgres-databases.js";

/**
 * The run's one migration of an empty PostgreSQL database: tests that need a migrated one get a
 * copy of it (CREATE DATABASE … TEMPLATE), not a migration of their own.
 */
async function migratedTemplate(serverUrl: string): Promise<void> {
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  try {
    await server.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
  } finally {
    await server.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  const target = parsePostgresUrl(url.href);
  const pool = await connect(target);
  try {
    await migratePostgres(pool, target);
  } finally {
    await pool.end();
  }
}

export const POSTGRES_ENV = "CARBON_TEST_POSTGRES_URL";

/**
 * The run's one server, shared by every project of the run that sets it up (the PostgreSQL
 * tier, the e2e tier's two-server test): started by the first, stopped by the last teardown.
 */
interface Shared {
  readonly url: Promise<string>;
  stop(): void;
  users: number;
}

/**
 * Kept on the process, not in this module: vitest loads a project's global setup as a module of
 * its own, so a second project would not see a module variable of the first.
 */
const holder = globalThis as { carbonTestPostgres?: Shared };

export default async function setup(): Promise<(() => void) | undefined> {
  const shared = holder.carbonTestPostgres;
  if (shared !== undefined) {
    shared.users += 1;
    process.env[POSTGRES_ENV] = await shared.url;
    return release;
  }
  const binaries = postgresBinaries();
  if (binaries === undefined) {
    const message =
      "PostgreSQL server binaries (pg_ctl, initdb) not found on PATH or in /usr/lib/postgresql/N/bin";
    if (process.env.CI === "true") throw new Error(`${message}: the PostgreSQL tier cannot run`);
    process.stderr.write(`\n*** ${message}: the PostgreSQL tests did NOT run ***\n\n`);
    return undefined;
  }
  let stop = (): void => {};
  const url = (async () => {
    const cluster = await startPostgres(binaries);
    stop = () => cluster.stop();
    await migratedTemplate(cluster.url);
    return cluster.url;
  })();
  holder.carbonTestPostgres = { url, stop: () => stop(), users: 1 };
  process.env[POSTGRES_ENV] = await url;
  return release;
}

function release(): void {
  const shared = holder.carbonTestPostgres;
  if (shared === undefined) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  delete process.env[POSTGRES_ENV];
  shared.stop();
  holder.carbonTestPostgres = undefined;
}
