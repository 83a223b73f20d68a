import { defineConfig } from "vitest/config";

/**
 * Two tiers. The fast one (unit, cli, contract, server, conformance) shares each worker process between test
 * files: a test must leave no global state, env, cwd, mock or open handle behind. e2e runs the
 * built binary, so its global setup builds first when dist/ is stale. Each tier keeps its temporary
 * files in a directory of its own, removed at the end (test/support/temp-root.ts).
 */
export default defineConfig({
  test: {
    pool: "forks",
    // Both cores of a 2-core machine (vitest's default leaves one idle: cores - 1 workers).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "fast",
          sequence: { groupOrder: 0 },
          include: ["test/{unit,cli,contract,server,conformance}/**/*.test.ts"],
          isolate: false,
          globalSetup: ["test/support/temp-root.ts", "test/support/db-template.ts"],
          setupFiles: ["test/support/fresh-databases.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "pg",
          // The PostgreSQL store on the run's own throwaway server, beside the fast tier.
          sequence: { groupOrder: 0 },
          include: ["test/pg/**/*.test.ts"],
          isolate: false,
          // The SQLite databases its tests compare with start from a template too.
          globalSetup: [
            "test/support/temp-root.ts",
            "test/support/db-template.ts",
            "test/support/postgres-setup.ts",
          ],
          setupFiles: ["test/support/fresh-databases.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          // After the fast tier: the signal and timing tests of the built binary get the machine.
          sequence: { groupOrder: 1 },
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: [
            "test/support/temp-root.ts",
            "test/support/build-once.ts",
            "test/support/binary-db-template.ts",
            // Two carbon serve processes on one PostgreSQL database (postgres-servers.test.ts).
            "test/support/postgres-setup.ts",
          ],
        },
      },
    ],
  },
});
