/** A new, empty PostgreSQL database per test on the run's server (postgres-setup.ts). */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { onTestFinished } from "vitest";

/** The run's server (its maintenance database), or undefined when the tier did not start one. */
export function postgresServer(): string | undefined {
  const url = process.env.CARBON_TEST_POSTGRES_URL;
  return url === undefined || url === "" ? undefined : url;
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = postgresServer();
  if (url === undefined) throw new Error("no PostgreSQL server for this run");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The run's migrated database (postgres-setup.ts), which `migrated` databases are copies of. */
export const POSTGRES_TEMPLATE = "carbon_template";

/**
 * A new database: empty, with `migrated` a copy of the run's migrated one, with `copyOf` a copy
 * of that database (nobody connected to it); `drop` ends it.
 */
export async function postgresDatabase(
  options: { password?: string; migrated?: boolean; copyOf?: string } = {},
): Promise<{ readonly url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  // A copy of another database of the run (its URL's name), else the migrated one, else empty.
  const source =
    options.copyOf === undefined ? undefined : new URL(options.copyOf).pathname.slice(1);
  const template =
    source !== undefined
      ? ` TEMPLATE ${source}`
      : options.migrated === true
        ? ` TEMPLATE ${POSTGRES_TEMPLATE}`
        : "";
  // A copy of a template by its files (FILE_COPY), not block by block through the WAL (15's
  // default): about 30 ms instead of 65 on a server that does not sync, as the run's does not.
  const strategy = template === "" ? "" : " STRATEGY FILE_COPY";
  await onServer((client) => client.query(`CREATE DATABASE ${name}${template}${strategy}`));
  const base = new URL(postgresServer() ?? "");
  if (options.password !== undefined) base.password = options.password;
  base.pathname = `/${name}`;
  return {
    url: base.href,
    drop: async () => {
      await onServer((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Drops the database without waiting for it: a test that is done with a database need not wait
 * for the server to remove it (the run's server is thrown away at the end anyway). A failure is
 * of no interest to anyone then.
 */
export function dropInBackground(database: { drop(): Promise<void> }): void {
  database.drop().catch(() => {});
}

/**
 * The URL of a new database, dropped after the test: empty, or with `migrated` a copy of the
 * run's migrated one; `password` is put in the URL (the server trusts any).
 */
export async function freshPostgres(
  options: { password?: string; migrated?: boolean } = {},
): Promise<string> {
  const database = await postgresDatabase(options);
  onTestFinished(() => dropInBackground(database));
  return database.url;
}
