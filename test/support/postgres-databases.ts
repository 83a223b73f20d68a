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

/** The URL of a new empty database (`user` and `password` put in the URL), dropped after the test. */
export async function freshPostgres(options: { password?: string } = {}): Promise<string> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  onTestFinished(async () => {
    await onServer((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
  });
  const base = new URL(postgresServer() ?? "");
  if (options.password !== undefined) base.password = options.password;
  base.pathname = `/${name}`;
  return base.href;
}
