/**
 * `npm run new-resource NAME` on PostgreSQL: a resource scaffolded into a copy of the sources and
 * listed there by `npm run registry`, with nothing else edited, works on a copy of the run's
 * migrated database (which has every migration of the store but not the new table): opening the
 * engine runs the table's own migration, the table shards by company as schema-keys.test.ts
 * asks, and the generic resource contract (test/contract/resources.ts) passes on it.
 */
import { copyFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { namesOf, scaffold } from "../../scripts/new-resource.js";
import { updateRegistries } from "../../scripts/registry.js";
import type * as LocalOpen from "../../src/backends/local/open.js";
import type * as ResourceContract from "../contract/resources.js";
import type { Driver } from "../contract/suite.js";
import { catalogOf, shardingProblems } from "../support/postgres-catalog.js";
import {
  dropInBackground,
  postgresDatabase,
  postgresServer,
} from "../support/postgres-databases.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The sources (src/, the contract suites) copied beside the repository, the shipped data and
 * the dependencies linked, with `fuel-cards` scaffolded and the registries written: what an
 * author has after `npm run new-resource fuel-cards && npm run registry`.
 */
function scaffoldedCopy(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "carbon-scaffold-pg-"));
  cpSync(path.join(repoRoot, "src"), path.join(root, "src"), { recursive: true });
  cpSync(path.join(repoRoot, "test/contract"), path.join(root, "test/contract"), {
    recursive: true,
  });
  copyFileSync(path.join(repoRoot, "package.json"), path.join(root, "package.json"));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"));
  symlinkSync(path.join(repoRoot, "fixtures"), path.join(root, "fixtures"));
  const names = namesOf("fuel-cards");
  if (names === undefined) throw new Error("fuel-cards is a name");
  scaffold(root, names);
  updateRegistries(root, false);
  return root;
}

const server = postgresServer();
const root = server === undefined ? undefined : scaffoldedCopy();
// Removes the copy and the links, not what they point at.
afterAll(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

/** A module of the copy, typed as the repository's own module of that path. */
async function fromCopy<T>(relative: string): Promise<T> {
  if (root === undefined) throw new Error("no copy without a PostgreSQL server");
  return import(pathToFileURL(path.join(root, relative)).href);
}

/** The copy's local engine on a copy of the run's migrated database. */
async function openCopy(): Promise<Driver & { readonly url: string }> {
  const { openLocalService } = await fromCopy<typeof LocalOpen>("src/backends/local/open.ts");
  const database = await postgresDatabase({ migrated: true });
  const service = await openLocalService({ path: database.url });
  return {
    url: database.url,
    service,
    async dispose() {
      await service.close();
      dropInBackground(database);
    },
  };
}

/** The copy's resource contract and the scaffolded fixture, read before the suites are declared. */
const copied =
  root === undefined
    ? undefined
    : {
        contract: await fromCopy<typeof ResourceContract>("test/contract/resources.ts"),
        fixture: (
          await fromCopy<{ fixture: ResourceContract.ResourceFixture<never> }>(
            "test/contract/fixtures/fuel-cards.ts",
          )
        ).fixture,
      };

describe.skipIf(root === undefined)("a scaffolded resource on PostgreSQL", () => {
  it("gets its table from its own migration, keyed by company, recorded apart from the store's", async () => {
    const driver = await openCopy();
    onTestFinished(() => driver.dispose());
    const client = new pg.Client({ connectionString: driver.url });
    await client.connect();
    try {
      const recorded = await client.query(
        "SELECT resource, version, name FROM carbon_resource_schema WHERE resource = 'fuelCards'",
      );
      expect(recorded.rows).toEqual([{ resource: "fuelCards", version: 1, name: "fuel cards" }]);
    } finally {
      await client.end();
    }
    const catalog = await catalogOf(driver.url);
    expect(catalog.tenant.has("fuel_cards")).toBe(true);
    expect(shardingProblems(catalog)).toEqual([]);
  });

  if (copied !== undefined) {
    copied.contract.describeResourceContract(
      "the scaffold on PostgreSQL",
      openCopy,
      copied.fixture,
    );
  }
});
