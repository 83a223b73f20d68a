/**
 * The factor library of a new PostgreSQL database is a new SQLite database's: every release
 * (ref, version, name, note, counts), every row of emission_factors with its ref and release
 * range, every release's proxies, the grid loss fractions and the meta keys pricing reads.
 */
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { FactorTable } from "../../src/rules/store.js";
import { FACTOR_COLUMNS } from "../../src/shipped/factor-rows.js";
import { PostgresFactors } from "../../src/store/postgres/factors.js";
import { FactorRepository } from "../../src/store/sqlite/factors.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";
import { openTemp, tempDir } from "../unit/local/helpers.js";

const QUERIES = {
  releases: `SELECT ref, version, name, note, factors, added, changed, removed
    FROM factor_releases ORDER BY ref`,
  factors: `SELECT ref, ${FACTOR_COLUMNS}, first_release, last_release
    FROM emission_factors ORDER BY ref`,
  proxies: `SELECT release_ref, key, country, proxy_key, proxy_country, reason
    FROM factor_release_proxies ORDER BY release_ref, key, country`,
  lossFractions: `SELECT key, country, year, value, source, source_ref
    FROM grid_loss_fractions ORDER BY key, country, year`,
};

const META_KEYS = [
  "factor_library_version",
  "library_version_before_lines",
  "gwp_set",
  "proxy_policy",
];

async function newSqliteFile(): Promise<string> {
  const file = path.join(tempDir(), "carbon.db");
  const service = await openTemp(file);
  await service.close();
  return file;
}

async function sqliteContents(): Promise<Record<string, unknown[]>> {
  const file = await newSqliteFile();
  const db = new Database(file, { readonly: true });
  try {
    const contents: Record<string, unknown[]> = {};
    for (const [name, sql] of Object.entries(QUERIES)) contents[name] = db.prepare(sql).all();
    contents.meta = db
      .prepare(
        `SELECT key, value FROM meta WHERE key IN (${META_KEYS.map(() => "?").join(", ")}) ORDER BY key`,
      )
      .all(...META_KEYS);
    return contents;
  } finally {
    db.close();
  }
}

/** int8 and numeric as numbers, as the store's pool reads them. */
const TYPES = {
  getTypeParser: (oid: number, format?: string) =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? (text: string) => Number(text)
      : pg.types.getTypeParser(oid, format as "text"),
} as pg.CustomTypesConfig;

describe.skipIf(postgresServer() === undefined)("the factor library on PostgreSQL", () => {
  it("holds a new SQLite database's releases, factors, proxies, loss fractions and policy", async () => {
    const expected = await sqliteContents();
    const client = new pg.Client({
      connectionString: await freshPostgres({ migrated: true }),
      types: TYPES,
    });
    await client.connect();
    try {
      const found: Record<string, unknown[]> = {};
      for (const [name, sql] of Object.entries(QUERIES)) {
        found[name] = (await client.query(sql)).rows;
      }
      found.meta = (
        await client.query("SELECT key, value FROM carbon_meta WHERE key = ANY($1) ORDER BY key", [
          META_KEYS,
        ])
      ).rows;
      expect(expected.releases).toHaveLength(2);
      expect(expected.factors?.length).toBeGreaterThan(6000);
      expect(expected.meta).toHaveLength(META_KEYS.length);
      for (const name of Object.keys(expected)) {
        expect(found[name]?.length, name).toBe(expected[name]?.length);
        expect(found[name], name).toEqual(expected[name]);
      }
    } finally {
      await client.end();
    }
  });
});

/** What the rules ask of the factor table, in order (a release's load time left out). */
async function factorAnswers(factors: FactorTable): Promise<unknown[]> {
  const answers: unknown[] = [];
  const release = (r: { loadedAt: string } | undefined) =>
    r === undefined ? r : { ...r, loadedAt: undefined };
  answers.push(await factors.list({}));
  answers.push(await factors.list({ page: 3, limit: 500 }));
  answers.push(await factors.list({ key: " electricity_grid ", limit: 500 }));
  answers.push(await factors.list({ key: "natural_gas", country: "es" }));
  answers.push(await factors.list({ key: "electricity_residual_mix", country: " es ", limit: 5 }));
  answers.push(await factors.list({ country: "GB", page: 2, limit: 100 }));
  answers.push(await factors.list({ key: "no_such_key" }));
  const releases = await factors.releases();
  answers.push(releases.map(release));
  for (const r of releases) {
    answers.push(release(await factors.release(r.version)));
    answers.push(release(await factors.release(` ${r.name} `)));
    answers.push(await factors.factorsOf(r.ref));
  }
  answers.push(await factors.release("no such release"));
  answers.push(await factors.policy());
  await factors.savePolicy({ gwpSet: "AR6", proxies: "refuse" });
  answers.push(await factors.policy());
  return answers;
}

describe.skipIf(postgresServer() === undefined)("the factor table on PostgreSQL", () => {
  it("answers what SQLite's answers, in the same order", async () => {
    const db = new Database(await newSqliteFile());
    let expected: unknown[];
    try {
      expected = await factorAnswers(new FactorRepository(db));
    } finally {
      db.close();
    }
    const client = new pg.Client({
      connectionString: await freshPostgres({ migrated: true }),
      types: TYPES,
    });
    await client.connect();
    try {
      const found = await factorAnswers(new PostgresFactors(client));
      expect(found).toHaveLength(expected.length);
      found.forEach((answer, i) => {
        expect(answer, `answer ${i}`).toEqual(expected[i]);
      });
    } finally {
      await client.end();
    }
  });
});
