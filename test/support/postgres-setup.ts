/**
 * Vitest global setup of the PostgreSQL tier: starts the run's own throwaway server
 * (postgres-cluster.ts) and tells the workers its URL (CARBON_TEST_POSTGRES_URL). Without the
 * server binaries the tier fails under CI=true (.ci/run installs them), and elsewhere says
 * loudly that it did not run.
 */
import { postgresBinaries, startPostgres } from "./postgres-cluster.js";

export const POSTGRES_ENV = "CARBON_TEST_POSTGRES_URL";

export default async function setup(): Promise<(() => void) | undefined> {
  const binaries = postgresBinaries();
  if (binaries === undefined) {
    const message =
      "PostgreSQL server binaries (pg_ctl, initdb) not found on PATH or in /usr/lib/postgresql/N/bin";
    if (process.env.CI === "true") throw new Error(`${message}: the PostgreSQL tier cannot run`);
    process.stderr.write(`\n*** ${message}: the PostgreSQL tests did NOT run ***\n\n`);
    return undefined;
  }
  const cluster = await startPostgres(binaries);
  process.env[POSTGRES_ENV] = cluster.url;
  return () => {
    delete process.env[POSTGRES_ENV];
    cluster.stop();
  };
}
