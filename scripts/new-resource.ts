/**
 * `npm run new-resource NAME`: scaffolds a plain resource (docs/adding-a-resource.md) that works
 * end to end once `npm run registry` has listed it: its model and descriptor, its CLI face,
 * columns and group, its rules and Store port table, its SQLite table with its migration, its
 * PostgreSQL table with its own migration, its contract fixture and its conformance cases. It writes new files only and edits none; what it
 * cannot know (the fields, the domain rules) it lists for the author.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface Names {
  /** `waste-operators`: files, CLI group, paths. */
  readonly kebab: string;
  /** `waste-operator`: the model's file. */
  readonly singularKebab: string;
  /** `wasteOperators`: the port's key. */
  readonly plural: string;
  /** `wasteOperator`. */
  readonly singular: string;
  /** `WasteOperator`: types. */
  readonly type: string;
  /** `waste operator`: messages. */
  readonly words: string;
  /** `waste_operators`: the table, on SQLite and PostgreSQL. */
  readonly snake: string;
}

/** The names of a resource from its plural kebab-case name; undefined when it is not one. */
export function namesOf(kebab: string): Names | undefined {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*s$/.test(kebab)) return undefined;
  const singularKebab = kebab.endsWith("ies") ? `${kebab.slice(0, -3)}y` : kebab.slice(0, -1);
  const camel = (text: string) =>
    text.replace(/-([a-z0-9])/g, (_all, c: string) => c.toUpperCase());
  const singular = camel(singularKebab);
  return {
    kebab,
    singularKebab,
    plural: camel(kebab),
    singular,
    type: singular.charAt(0).toUpperCase() + singular.slice(1),
    words: singularKebab.replaceAll("-", " "),
    snake: kebab.replaceAll("-", "_"),
  };
}

function files(n: Names, migration: number): Record<string, string> {
  return {
    [`src/core/model/${n.singularKebab}.ts`]: `import { z } from "zod";
import { isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

export const ${n.singular}InputSchema = z.strictObject({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string().trim().check(noControlCharacters).min(1, "expected a non-empty name").max(200),
});
export type ${n.type}Input = z.input<typeof ${n.singular}InputSchema>;

/** A ${n.words} as carbon serve answers it (and documents it). */
export const ${n.singular}Schema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  name: z.string(),
  createdAt: isoDateTimeSchema,
});

/** A ${n.words} as any server of the interface answers it: id, company and name needed. */
const ${n.singular}AnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  name: z.string(),
  createdAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so \`--json\` prints what the server said. */
export const ${n.singular}AnswerSchema = ${n.singular}AnswerFields.loose();
export type ${n.type} = z.output<typeof ${n.singular}AnswerFields>;
`,
    [`src/core/resources/${n.kebab}.ts`]: `/** ${n.type}s as a plain resource. */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";
import {
  type ${n.type},
  type ${n.type}Input,
  ${n.singular}AnswerSchema,
  ${n.singular}InputSchema,
  ${n.singular}Schema,
} from "../model/${n.singularKebab}.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid } from "./fields.js";

export interface ${n.type}Filter {
  readonly companyId: string;
}

export const ${n.plural}Resource: ResourceDescriptor<${n.type}, ${n.type}Input, ${n.type}Filter> = {
  name: "${n.plural}",
  singular: "${n.words}",
  record: ${n.singular}Schema,
  // What a remote answer needs (a server of the spec may leave out createdAt); unknown fields kept.
  answer: ${n.singular}AnswerSchema,
  input: ${n.singular}InputSchema,
  schemaNames: { record: "${n.type}", input: "${n.type}Input" },
  filter: z.strictObject({ companyId: uuidSchema }),
  filterFields: { companyId: oneUuid },
  listQuery: (filter) => ({ companyId: filter.companyId }),
  order: [
    { name: "name", value: (record) => record.name },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<${n.type}, ${n.type}Input, ${n.type}Filter>(),
  everything: undefined,
  writers: ["admin", "member"],
  operations: {
    // Extensions until interface.md has them: carbon serve announces them, and the remote
    // engine uses them only where a server does (spec: true for an operation of the spec).
    list: { path: "/${n.kebab}", spec: false },
    get: { path: "/${n.kebab}/{id}", spec: false },
    upsert: { path: "/${n.kebab}", spec: false },
  },
  summaries: {
    list: "List a company's ${n.words}s",
    get: "Get one ${n.words}",
    upsert: "Create or update a ${n.words} by its id",
  },
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly ${n.plural}: {
      readonly record: ${n.type};
      readonly input: ${n.type}Input;
      readonly filter: ${n.type}Filter;
    };
  }
}
`,
    [`src/cli/commands/${n.kebab}/face.ts`]: `import type { ResourceFace } from "../../resource-face.js";

/** The ${n.kebab} commands: list, get and upsert, derived by resource-verbs.ts. */
export const ${n.plural}Face: ResourceFace<"${n.plural}"> = {
  name: "${n.plural}",
  command: "${n.kebab}",
  singular: "${n.words}",
  descriptions: {
    list: "List a company's ${n.words}s",
    get: "Show one ${n.words}",
    upsert: "Create a ${n.words}, or update it when --id names an existing one",
  },
  getArgument: { description: "${n.words} id (UUID)", kind: "uuid" },
  filters: [
    { key: "companyId", flag: "--company <id|name>", description: "company id or name", kind: "company", required: true },
  ],
  fields: [
    { key: "companyId", flag: "--company <id|name>", description: "company id or name", kind: "company", required: true },
    { key: "name", flag: "--name <name>", description: "${n.words} name", kind: "text", required: true },
  ],
  examples: {
    list: ["carbon ${n.kebab} list --company Acme", "carbon ${n.kebab} list --company Acme --all --json"],
    get: ["carbon ${n.kebab} get 8d2e4f6a-1111-4222-8333-444455556666"],
    upsert: ['carbon ${n.kebab} upsert --company Acme --name "First"'],
  },
  columns: async () => (await import("./columns.js")).${n.singular}Columns,
};
`,
    [`src/cli/commands/${n.kebab}/columns.ts`]: `import type { ${n.type} } from "../../../core/model/${n.singularKebab}.js";
import type { Column } from "../../output/format.js";

export const ${n.singular}Columns: readonly Column<${n.type}>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "name", value: (record) => record.name },
  { header: "createdAt", value: (record) => record.createdAt },
];
`,
    [`src/cli/commands/${n.kebab}/index.ts`]: `import type { Command } from "commander";
import type { Context } from "../../context.js";
import { resourceCommand } from "../resource-verbs.js";
import { ${n.plural}Face } from "./face.js";

export function ${n.plural}Command(ctx: Context): Command {
  return resourceCommand(ctx, ${n.plural}Face);
}
`,
    [`src/cli/commands/${n.kebab}/group.ts`]: `import type { Group } from "../group.js";

export const group: Group = {
  name: "${n.kebab}",
  description: "${n.words.charAt(0).toUpperCase()}${n.words.slice(1)}s of a company: list, get, upsert",
  // After organization limits, before users: move it where it belongs in \`carbon --help\`.
  order: 165,
};
`,
    [`src/rules/${n.kebab}.ts`]: `/**
 * ${n.type}s: upserted by id, each keeping its company. Their table is the port's part in
 * store-${n.kebab}.ts.
 */
import { notFound } from "../core/errors.js";
import {
  type ${n.type},
  type ${n.type}Input,
  ${n.singular}InputSchema,
} from "../core/model/${n.singularKebab}.js";
import { ownerConflict } from "../core/ownership.js";
import type { PortOf } from "../core/resource-types.js";
import { parseInput } from "../core/validate.js";
import { companyOf } from "./companies.js";
import type { StoreTransaction, StoreTransactions } from "./store.js";

export async function get${n.type}(tx: StoreTransaction, id: string): Promise<${n.type}> {
  const found = await tx.${n.plural}.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("${n.words}", id);
  const { companyRef: _, ...record } = found;
  return record;
}

/** Upsert by id: the company must exist (not_found) and a ${n.words} keeps its company (conflict). */
export async function upsert${n.type}(
  tx: StoreTransaction,
  input: ${n.type}Input,
): Promise<${n.type}> {
  const parsed = parseInput(${n.singular}InputSchema, input, "${n.words}");
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const before = await tx.${n.plural}.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("${n.words}", id, before.companyId, company.id);
  }
  await tx.${n.plural}.save({ id, companyRef: company.ref, name: parsed.name }, new Date().toISOString());
  return get${n.type}(tx, id);
}

/** The ${n.words}s' part of the port: each call one transaction of these rules. */
export function ${n.plural}Part(rules: StoreTransactions): PortOf<"${n.plural}"> {
  return {
    list: (query) => rules.read(async (tx) => tx.${n.plural}.list(query)),
    get: (id) => rules.read((tx) => get${n.type}(tx, id)),
    upsert: (input) => rules.write((tx) => upsert${n.type}(tx, input)),
  };
}
`,
    [`src/rules/store-${n.kebab}.ts`]: `/** The ${n.words}s' part of the Store port (store.ts): their table. */
import type { Page, PageQuery } from "../core/model/common.js";
import type { ${n.type} } from "../core/model/${n.singularKebab}.js";
import type { ${n.type}Filter } from "../core/resources/${n.kebab}.js";
import type { Awaitable, Owned } from "./store-base.js";

/** A ${n.words}'s columns as the rules write them. */
export interface ${n.type}Record {
  readonly id: string;
  readonly companyRef: number;
  readonly name: string;
}

/** The ${n.words}s' table of the Store port. */
export interface ${n.type}Table {
  find(id: string): Awaitable<Owned<${n.type}> | undefined>;
  /** One company's page in name order; an unknown company is not_found. */
  list(query: ${n.type}Filter & PageQuery): Awaitable<Page<${n.type}>>;
  /** Inserts or replaces by id, keeping createdAt; \`at\` is the time of the write. */
  save(record: ${n.type}Record, at: string): Awaitable<void>;
}

declare module "./store.js" {
  interface StoreTransaction {
    readonly ${n.plural}: ${n.type}Table;
  }
}

`,
    [`src/store/sqlite/${n.kebab}.ts`]: `/** ${n.type}s in SQLite: listed by company in name order, saved by id. */
import type { Page, PageQuery } from "../../core/model/common.js";
import type { ${n.type} } from "../../core/model/${n.singularKebab}.js";
import type { ${n.type}Filter } from "../../core/resources/${n.kebab}.js";
import type { Owned } from "../../rules/store-base.js";
import type { ${n.type}Record, ${n.type}Table } from "../../rules/store-${n.kebab}.js";
import type { CompanyRepository } from "./companies.js";
import { CompanyListing } from "./company-listing.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";
import type { PlainSqliteTable } from "./plain-table.js";

const SCHEMA = \`
CREATE TABLE ${n.snake} (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX ${n.snake}_in_order ON ${n.snake} (company_ref, name, id);
CREATE INDEX ${n.snake}_by_name ON ${n.snake} (name, id);
\`;

interface ${n.type}Row {
  id: string;
  company_id: string;
  company_ref: number;
  name: string;
  created_at: string;
}

const SELECT = \`SELECT t.id, co.id AS company_id, t.company_ref, t.name, t.created_at
  FROM ${n.snake} t JOIN companies co ON co.ref = t.company_ref\`;

function to${n.type}(row: ${n.type}Row): ${n.type} {
  return { id: row.id, companyId: row.company_id, name: row.name, createdAt: row.created_at };
}

export class ${n.type}Repository implements ${n.type}Table {
  readonly #byId;
  readonly #listing: CompanyListing<${n.type}Row, ${n.type}>;
  readonly #upsert;

  constructor(db: Db, companies: CompanyRepository) {
    this.#byId = lazy(() => db.prepare<[string], ${n.type}Row>(\`\${SELECT} WHERE t.id = ?\`));
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "${n.snake}",
      alias: "t",
      order: ["name", "id"],
      key: (row) => [row.name, row.id],
      decode: to${n.type},
    });
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<[string, number, string, string, string]>(
        \`INSERT INTO ${n.snake} (id, company_ref, name, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at\`,
      ),
    );
  }

  find(id: string): Owned<${n.type}> | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : { ...to${n.type}(row), companyRef: row.company_ref };
  }

  list(query: ${n.type}Filter & PageQuery): Page<${n.type}> {
    return this.#listing.list(query);
  }

  /** What \`list\` pages, for keyset pages (${n.snake}_in_order). */
  keyset(filter: ${n.type}Filter): Keyset<${n.type}Row, ${n.type}> {
    return this.#listing.keyset(filter);
  }

  save(record: ${n.type}Record, at: string): void {
    this.#upsert().run(record.id, record.companyRef, record.name, at, at);
  }
}

/** The ${n.words}s' table, created by migration ${migration}. */
export const ${n.plural}Table: PlainSqliteTable<${n.type}Repository> = {
  migration: { version: ${migration}, name: "${n.words}s", up: (db) => db.exec(SCHEMA) },
  open: (db, companies) => new ${n.type}Repository(db, companies),
};
`,
    [`src/store/postgres/${n.kebab}.ts`]: `/** ${n.type}s in PostgreSQL: a company's table, listed in name order, saved by id. */
import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { ${n.type} } from "../../core/model/${n.singularKebab}.js";
import type { ${n.type}Filter } from "../../core/resources/${n.kebab}.js";
import type { Owned } from "../../rules/store-base.js";
import type { ${n.type}Record, ${n.type}Table } from "../../rules/store-${n.kebab}.js";
import { CompanyListing } from "./company-listing.js";
import type { PlainPostgresTable } from "./plain-table.js";
import type { Queryable } from "./transactions.js";

/**
 * A company's table (schema.ts): company_ref begins the primary key and every unique key, so the
 * table shards by company. An id is unique within its company here; the rules keep it unique.
 */
const SCHEMA = \`
CREATE TABLE ${n.snake} (
  company_ref bigint NOT NULL REFERENCES companies (ref),
  id uuid NOT NULL,
  name text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (company_ref, id)
);
CREATE INDEX ${n.snake}_by_id ON ${n.snake} (id);
CREATE INDEX ${n.snake}_in_order ON ${n.snake} (company_ref, name, id);
CREATE INDEX ${n.snake}_by_name ON ${n.snake} (name, id);
\`;

interface ${n.type}Columns {
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly name: string;
  readonly created_at: string;
}

const SELECT = \`SELECT t.id, co.id AS company_id, t.company_ref, t.name, t.created_at
  FROM ${n.snake} t JOIN companies co ON co.ref = t.company_ref\`;

function to${n.type}(row: ${n.type}Columns): ${n.type} {
  return { id: row.id, companyId: row.company_id, name: row.name, createdAt: row.created_at };
}

export class Postgres${n.type}s implements ${n.type}Table {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<${n.type}Columns, ${n.type}>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "${n.snake}",
      alias: "t",
      order: ["t.name", "t.id"],
      decode: to${n.type},
    });
  }

  async find(id: string): Promise<Owned<${n.type}> | undefined> {
    if (!isUuid(id)) return undefined;
    const found = await this.#db.query<${n.type}Columns>(\`\${SELECT} WHERE t.id = $1\`, [id]);
    const row = found.rows[0];
    return row === undefined ? undefined : { ...to${n.type}(row), companyRef: row.company_ref };
  }

  /** One company's page, or every company's, in (name, id) order; an unknown company is not_found. */
  list(query: ${n.type}Filter & PageQuery): Promise<Page<${n.type}>> {
    return this.#listing.list(query);
  }

  async save(record: ${n.type}Record, at: string): Promise<void> {
    // created_at is kept on update; updated_at moves.
    await this.#db.query(
      \`INSERT INTO ${n.snake} (company_ref, id, name, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (company_ref, id) DO UPDATE SET
         name = excluded.name, updated_at = excluded.updated_at\`,
      [record.companyRef, record.id, record.name, at],
    );
  }
}

/**
 * The ${n.words}s' table: its migrations (versions of its own, from 1, recorded by resource;
 * a change is the next version at the end of the list, never an edit) and its statements.
 */
export const ${n.plural}Table: PlainPostgresTable<Postgres${n.type}s> = {
  migrations: [
    {
      version: 1,
      name: "${n.words}s",
      async up(client) {
        await client.query(SCHEMA);
      },
    },
  ],
  open: (db) => new Postgres${n.type}s(db),
};
`,
    [`test/contract/fixtures/${n.kebab}.ts`]: `/** The \`${n.plural}\` fixture of the generic resource contract (../resources.ts). */
import type { ResourceFixture } from "../resources.js";
import { idOf, OWNER, storeOwner } from "./shared.js";

export const fixture: ResourceFixture<"${n.plural}"> = {
  name: "${n.plural}",
  setup: storeOwner,
  sample: (index) => ({ id: idOf("d", index), companyId: OWNER, name: \`${n.type} \${9 - index}\` }),
  changed: (input) => ({ ...input, name: \`\${input.name} renamed\` }),
  invalid: { id: idOf("d", 0), companyId: OWNER, name: "   " },
  filter: { companyId: OWNER },
};
`,
    [`test/conformance/resource-cases/${n.kebab}.ts`]: `/** The ${n.words}s' upsert, list and get against each server (../resource-cases.ts finds it). */
import type { CommandCase } from "../command-case.js";
import { ids } from "../seed.js";

const ID = "d1000000-0000-4000-8000-000000000001";

export const cases: readonly CommandCase[] = [
  {
    name: "${n.kebab} upsert",
    args: () => ["${n.kebab}", "upsert", "--company", ids.company, "--name", "First", "--id", ID],
  },
  { name: "${n.kebab} list", args: () => ["${n.kebab}", "list", "--company", ids.company] },
  { name: "${n.kebab} get", args: () => ["${n.kebab}", "get", ID] },
];
`,
  };
}

/** The version after the last migration of the SQLite store (the engine's and the tables'). */
export function nextMigration(root: string): number {
  const dir = path.join(root, "src/store/sqlite");
  let last = 0;
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    if (!file.endsWith(".ts")) continue;
    for (const found of readFileSync(path.join(dir, file), "utf8").matchAll(/\bversion: (\d+)/g)) {
      last = Math.max(last, Number(found[1]));
    }
  }
  return last + 1;
}

/** What the scaffold leaves to the author, in order. */
export function byHand(n: Names, migration: number): string[] {
  return [
    "npm run registry: lists the new files in the generated registries (the core descriptors, the command groups, the local engine's plain resources, the PostgreSQL store's tables); a test fails until it has run",
    `migration ${migration} in src/store/sqlite/${n.kebab}.ts is the next free version: keep it only if no other branch takes it (two of one version are refused on open); the PostgreSQL table's migration (src/store/postgres/${n.kebab}.ts) is version 1 of the resource's own and takes no shared version`,
    `the fields: add them to the model (src/core/model/${n.singularKebab}.ts), the tables and their statements (src/store/sqlite/${n.kebab}.ts, src/store/postgres/${n.kebab}.ts: company_ref first in every key), the record the rules write (src/rules/${n.kebab}.ts), the CLI's flags and columns (src/cli/commands/${n.kebab}/) and the fixture (test/contract/fixtures/${n.kebab}.ts)`,
    "domain rules beyond the company kept (uniqueness, recalculation, what a delete takes with it): in the rules file, with their tests",
    "npm run docs:routes (docs/http-api.md), and the spec paths in the descriptor checked against interface.md: an operation the spec does not have is spec: false",
  ];
}

/** Writes the scaffold under `root`; refuses to overwrite anything. Answers the files written. */
export function scaffold(root: string, n: Names, migration = nextMigration(root)): string[] {
  const planned = files(n, migration);
  const existing = Object.keys(planned).filter((file) => existsSync(path.join(root, file)));
  if (existing.length > 0) throw new Error(`already there: ${existing.join(", ")}`);
  for (const [file, text] of Object.entries(planned)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return Object.keys(planned);
}

/** Formats the files and sorts their imports (`biome check --write`), so `biome ci` passes as they are. */
export function houseStyle(root: string, written: readonly string[]): void {
  spawnSync(path.join(root, "node_modules/.bin/biome"), ["check", "--write", ...written], {
    cwd: root,
    stdio: "ignore",
  });
}

function main(args: readonly string[]): number {
  const names = args[0] === undefined ? undefined : namesOf(args[0]);
  if (names === undefined || args.length !== 1) {
    console.error("usage: npm run new-resource NAME (plural, kebab-case: waste-operators)");
    return 2;
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const migration = nextMigration(root);
  let written: string[];
  try {
    written = scaffold(root, names, migration);
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  houseStyle(root, written);
  for (const file of written) console.log(`wrote ${file}`);
  console.log("\nLeft to do by hand (docs/adding-a-resource.md):");
  for (const step of byHand(names, migration)) console.log(`  - ${step}`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
