/**
 * The conformance tier against carbon serve on PostgreSQL: every remote command of the CLI
 * (test/conformance/cases.ts) against a real carbon serve on a copy of the seed, seeded through
 * the CLI into a PostgreSQL database: each must succeed, or exit 2 saying the server does not
 * offer what it needs, as against carbon serve on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandCases } from "../conformance/cases.js";
import { type ConformanceServer, runCase, startCarbonServe } from "../conformance/harness.js";
import { cause } from "../conformance/matrix.js";
import { buildSeed, removeSeed, type Seed } from "../conformance/seed.js";
import { postgresDatabase } from "../support/postgres-databases.js";

const databases: { drop(): Promise<void> }[] = [];
let seed: Seed;
let server: ConformanceServer;

beforeAll(async () => {
  const seeded = await postgresDatabase({ migrated: true });
  databases.push(seeded);
  seed = await buildSeed({
    db: seeded.url,
    copy: async (db) => {
      const copy = await postgresDatabase({ copyOf: db });
      databases.push(copy);
      return copy.url;
    },
  });
  server = await startCarbonServe("carbon serve on PostgreSQL", seed);
}, 120_000);

afterAll(async () => {
  await server?.close();
  removeSeed(seed);
  for (const database of databases.reverse()) await database.drop();
});

describe("every remote command against carbon serve on PostgreSQL", () => {
  for (const commandCase of commandCases) {
    it(`${commandCase.name}: succeeds or says the server does not offer it`, async () => {
      const cell = await runCase(server, seed, commandCase);
      expect(
        cell.verdict === "failed"
          ? `exit ${cell.code}: ${cause(cell)}`
          : "succeeded or not offered",
      ).toBe("succeeded or not offered");
    });
  }
});
