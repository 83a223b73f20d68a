/**
 * `npm run new-resource NAME`: scaffolds a plain resource (docs/adding-a-resource.md): its model,
 * its descriptor and its CLI face, columns and group. It writes new files only; what it cannot
 * know (storage, migration, domain rules, registrations) it lists for the author to do by hand.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
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
  };
}

function files(n: Names): Record<string, string> {
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
    list: { path: "/${n.kebab}", spec: true },
    get: { path: "/${n.kebab}/{id}", spec: false },
    upsert: { path: "/${n.kebab}", spec: true },
  },
  summaries: {
    list: "List a company's ${n.words}s",
    get: "Get one ${n.words}",
    upsert: "Create or update a ${n.words} by its id",
  },
};
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
  };
}

/** What the scaffold leaves to the author, in order. */
export function byHand(n: Names): string[] {
  return [
    `src/core/resource-types.ts: add ${n.plural} to ResourceTypes (record, input, filter); src/core/service.ts: add it to ListStreams (filter, row)`,
    `src/core/resources/index.ts: add ${n.plural}Resource; its routes, OpenAPI entries, docs rows and contract suite follow from it`,
    `storage: a migration creating the table in src/store/sqlite/migrations.ts (and its number in test/unit/local/migrations.test.ts); src/store/sqlite/${n.kebab}.ts, the table's statements (find, list by company in the descriptor's order, save) implementing a ${n.type}Table you add to src/rules/store.ts (and to StoreTransaction), registered in sqliteTables (src/store/sqlite/store.ts); src/rules/${n.kebab}.ts, the rules (validation, the company kept, what is unique); \`${n.plural}\` on LocalService (rules.read / rules.write around them) and its keyset in local-streams.ts`,
    `src/backends/remote/remote-service.ts: ${n.plural}: remoteResource(client, capabilities, ${n.plural}Resource); remote-streams.ts: its pager`,
    `src/cli/commands/registry.ts: the ${n.kebab} entry (the compiler does not ask for it)`,
    `test/conformance/cases.ts: a case for ${n.kebab} list, get and upsert; test/conformance/mock-store.ts: a handler for each spec route`,
    `test/contract/resource-fixtures.ts: a fixture for ${n.plural} (the suite runs it on both engines)`,
    "domain rules (uniqueness, recalculation, what a delete takes with it): by hand, with their tests",
    "npm run docs:routes (docs/http-api.md), and the spec paths in the descriptor checked against interface.md",
  ];
}

/** Writes the scaffold under `root`; refuses to overwrite anything. Answers the files written. */
export function scaffold(root: string, n: Names): string[] {
  const planned = files(n);
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
  let written: string[];
  try {
    written = scaffold(root, names);
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  houseStyle(root, written);
  for (const file of written) console.log(`wrote ${file}`);
  console.log("\nLeft to do by hand (docs/adding-a-resource.md):");
  for (const step of byHand(names)) console.log(`  - ${step}`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = main(process.argv.slice(2));
