/**
 * The local engine's plain resources, from their own files (registry.generated.ts): each one's
 * part of the port (src/rules/NAME.ts), its SQLite table and migration (src/store/sqlite/NAME.ts)
 * and its stream, with nothing here written per resource.
 */
import type { StoreTransactions } from "../../rules/store.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { KeysetReader } from "../../store/sqlite/keyset.js";
import type { Migration } from "../../store/sqlite/migration.js";
import { MIGRATIONS, withMigrations } from "../../store/sqlite/migrations.js";
import type { SqliteTables } from "../../store/sqlite/store.js";
import { generatedParts, generatedTables } from "./registry.generated.js";

type Tables = typeof generatedTables;
type Parts = typeof generatedParts;

/** Each plain resource's table, as its file makes it. */
export type PlainTables = { readonly [K in keyof Tables]: ReturnType<Tables[K]["open"]> };
/** Each plain resource's part of the port. */
export type PlainParts = { readonly [K in keyof Parts]: ReturnType<Parts[K]> };
/** Every table of the local engine: together, the Store port's StoreTransaction. */
export type LocalTables = SqliteTables & PlainTables;

/** The engine's migrations and the plain tables', in version order. */
export const localMigrations: readonly Migration[] = withMigrations(
  MIGRATIONS,
  Object.values(generatedTables).map((table) => table.migration),
);

type Makers = { readonly [K in keyof Tables]: () => PlainTables[K] };

/** A function per plain table that makes it (sqliteTables calls each on first use). */
export function plainTableMakers(db: Db, companies: CompanyRepository): Makers {
  const makers: Partial<Record<keyof Tables, () => unknown>> = {};
  for (const name of Object.keys(generatedTables) as (keyof Tables)[]) {
    makers[name] = () => generatedTables[name].open(db, companies);
  }
  // Each entry opens its own table.
  return makers as Makers;
}

/** Each plain resource's part, over the rules' transactions. */
export function plainParts(rules: StoreTransactions): PlainParts {
  const parts: Partial<Record<keyof Parts, unknown>> = {};
  for (const name of Object.keys(generatedParts) as (keyof Parts)[]) {
    parts[name] = generatedParts[name](rules);
  }
  // Each entry is its own resource's part.
  return parts as PlainParts;
}

type Filter<K extends keyof Tables> = Parameters<PlainTables[K]["keyset"]>[0];

/** Each plain resource's list as keyset pages of its table. */
export type PlainReaders = {
  readonly [K in keyof Tables]: (
    filter: Filter<K>,
  ) => (limit: number) => ReturnType<KeysetReader["pages"]>;
};

export function plainReaders(reader: KeysetReader, tables: PlainTables): PlainReaders {
  const readers: Partial<Record<keyof Tables, unknown>> = {};
  for (const name of Object.keys(generatedTables) as (keyof Tables)[]) {
    readers[name] = (filter: never) => (limit: number) =>
      reader.pages(tables[name].keyset(filter), limit);
  }
  // Each entry pages its own table.
  return readers as PlainReaders;
}
