/**
 * The layers of src/ (docs/architecture.md): which folder may import which, checked over every
 * import of every module, static, type-only and dynamic `import("…")` alike, so a violation
 * fails the build. When a rule breaks, the fix is to move the code to the layer it belongs to,
 * not an exception here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  findCycle,
  type ImportEdge,
  importEdges,
  moduleImports,
  typeScriptFiles,
} from "../support/module-imports.js";

const CORE = "src/core/";
const ENGINE = "src/engine/";
const SHIPPED = "src/shipped/";
const RUNTIME = "src/runtime/";
const LOCAL = "src/backends/local/";
const REMOTE = "src/backends/remote/";
const SERVER = "src/server/";
const IMPORT = "src/import/";
const CLI = "src/cli/";
/** The local engine's rules, and the Store port they ask the database through. */
const RULE_FILES = "src/rules/";
const STORE_PORT = "src/rules/store.ts";
/**
 * The port's parts: store.ts re-exports the engine's, and a plain resource's table has a part of
 * its own (src/rules/store-NAME.ts) that adds it to StoreTransaction.
 */
const STORE_PORT_PARTS = readdirSync(new URL("../../src/rules/", import.meta.url))
  .filter((file) => /^store-[a-z-]+\.ts$/.test(file))
  .map((file) => `src/rules/${file}`);
/** The stores: every SQL statement, no rule. */
const STORE = "src/store/";
const SQLITE_STORE = "src/store/sqlite/";
const POSTGRES_STORE = "src/store/postgres/";
/** The local driver's public entry: all the CLI, the server and the importer may import of it. */
const LOCAL_ENTRY = "src/backends/local/index.ts";
const PACKAGE_FILES = "src/package-files.ts";

/** Every file of src/ is in one of these (a folder ends in /), so each has rules. */
const LAYERS = [
  CORE,
  ENGINE,
  SHIPPED,
  RUNTIME,
  RULE_FILES,
  STORE,
  LOCAL,
  REMOTE,
  SERVER,
  IMPORT,
  CLI,
  PACKAGE_FILES,
];

/** Node's and the packages' modules that read or write files, sockets, processes or databases. */
const IO_MODULES = [
  "fs",
  "net",
  "http",
  "https",
  "http2",
  "dgram",
  "child_process",
  "worker_threads",
]
  .flatMap((name) => [name, `node:${name}`])
  .concat(["undici", "better-sqlite3", "pg", "pg-copy-streams"]);

interface Rule {
  readonly name: string;
  /** The files it is about: under these folders. */
  readonly files: readonly string[];
  /** What they may not import: files under these folders (or these files), or these packages. */
  readonly mayNotImport: readonly string[];
  /** What they may import all the same, written as mayNotImport is. */
  readonly except?: readonly string[];
  /** What they may import for its types only (`import type`), written as mayNotImport is. */
  readonly typesOnly?: readonly string[];
  /** Why, printed with each import that breaks it. */
  readonly reason: string;
}

const RULES: readonly Rule[] = [
  {
    name: "core imports only core",
    files: [CORE],
    mayNotImport: ["src/"],
    except: [CORE],
    reason:
      "core is the domain language (schemas, the port, errors, ids): every other layer depends on it, so it depends on none of them (engine depends on core, not the reverse)",
  },
  {
    name: "engine imports only core and engine",
    files: [ENGINE],
    mayNotImport: ["src/"],
    except: [CORE, ENGINE],
    reason:
      "the engine is the pure calculation (units, factor resolution, emissions, GLEC) that drivers call; it knows no driver, command, server or file",
  },
  {
    name: "engine does no I/O",
    files: [ENGINE],
    mayNotImport: IO_MODULES,
    reason:
      "the engine is pure: its callers read files and databases (src/shipped/, src/backends/local/) and pass it the data",
  },
  {
    name: "cli, server, import reach the local driver by its entry",
    files: [CLI, SERVER, IMPORT],
    mayNotImport: [LOCAL, RULE_FILES, STORE],
    except: [LOCAL_ENTRY],
    reason: `the local driver's insides are its own: import what is needed from ${LOCAL_ENTRY}, which exports it`,
  },
  {
    name: "the remote driver imports no local one",
    files: [REMOTE],
    mayNotImport: [LOCAL, RULE_FILES, STORE],
    reason:
      "the drivers are two implementations of the port: what both need is in core, engine or shipped",
  },
  {
    name: "the local driver imports no remote one",
    files: [LOCAL],
    mayNotImport: [REMOTE],
    reason:
      "the drivers are two implementations of the port: what both need is in core, engine or shipped",
  },
  {
    name: "drivers import no cli or server",
    files: [LOCAL, REMOTE],
    mayNotImport: [CLI, SERVER],
    reason:
      "a driver implements the port for whoever uses it: the CLI and the server use drivers, not the reverse",
  },
  {
    name: "server imports no cli",
    files: [SERVER],
    mayNotImport: [CLI],
    reason: "the server exposes any CarbonService; `carbon serve` (src/cli) starts it",
  },
  {
    name: "import imports no cli or server",
    files: [IMPORT],
    mayNotImport: [CLI, SERVER],
    reason:
      "an import is a pipeline over the port that reports through callbacks; the CLI drives it and renders its outcome",
  },
  {
    name: "shipped imports only core and engine",
    files: [SHIPPED],
    mayNotImport: ["src/"],
    except: [CORE, ENGINE, SHIPPED, PACKAGE_FILES],
    reason:
      "the package's data files (fixtures/factors) are read the same for both drivers and the CLI, so their reader knows none of them",
  },
  {
    name: "the rules import only core, engine and rules",
    files: [RULE_FILES],
    mayNotImport: ["src/"],
    except: [CORE, ENGINE, RULE_FILES],
    reason:
      "the rules (what runs on write) reach the database through the Store port (src/rules/store.ts) and know no store, driver, command or server",
  },
  {
    name: "the rules do no I/O",
    files: [RULE_FILES],
    mayNotImport: IO_MODULES,
    reason:
      "the rules ask the Store port for records, pages and batches; the store does the I/O (src/store/)",
  },
  {
    name: "the stores know no rules",
    files: [STORE],
    mayNotImport: ["src/"],
    except: [CORE, SHIPPED, STORE, STORE_PORT, ...STORE_PORT_PARTS],
    typesOnly: [ENGINE],
    reason:
      "a store keeps and reads records as the rules ask through the Store port (src/rules/store.ts); what is decided on write lives in src/rules/, so a second store implements the port without copying a rule",
  },
  {
    name: "only the SQLite store uses better-sqlite3",
    files: [...LAYERS.filter((layer) => layer !== STORE), POSTGRES_STORE],
    mayNotImport: ["better-sqlite3"],
    reason:
      "every statement and the database handle are the store's (src/store/sqlite/); the rules reach the database through the Store port",
  },
  {
    name: "only the PostgreSQL store uses pg",
    files: [...LAYERS.filter((layer) => layer !== STORE), SQLITE_STORE],
    mayNotImport: ["pg", "pg-copy-streams"],
    reason:
      "every statement for PostgreSQL and its connections are the PostgreSQL store's (src/store/postgres/)",
  },
  {
    name: "runtime imports nothing of ours",
    files: [RUNTIME],
    mayNotImport: ["src/"],
    except: [RUNTIME],
    reason:
      "what the process asks of Node and the OS (heap tuning, the OS user) is shared by every layer and depends on none",
  },
];

/** A folder (ending in /) matches the files under it; a file or package name, itself and its subpaths. */
function matches(pattern: string, target: string): boolean {
  return pattern.endsWith("/")
    ? target.startsWith(pattern)
    : target === pattern || target.startsWith(`${pattern}/`);
}

function breaks(rule: Rule, edge: ImportEdge): boolean {
  return (
    rule.files.some((folder) => matches(folder, edge.from)) &&
    rule.mayNotImport.some((pattern) => matches(pattern, edge.to)) &&
    !(rule.except ?? []).some((pattern) => matches(pattern, edge.to)) &&
    !(edge.kind === "type" && (rule.typesOnly ?? []).some((pattern) => matches(pattern, edge.to)))
  );
}

function describeEdge({ from, to, kind }: ImportEdge): string {
  return `${from} imports ${to}${kind === "static" ? "" : ` (${kind})`}`;
}

const root = fileURLToPath(new URL("../../", import.meta.url));
const files = typeScriptFiles(root, "src");
const { edges, unresolved } = importEdges(root, files);

describe("the layers of src/", () => {
  it("reads every module and every import it names", () => {
    expect(unresolved).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
    // A lazily loaded driver is seen: the CLI opens the local one with import().
    expect(edges).toContainEqual({ from: "src/cli/context.ts", to: LOCAL_ENTRY, kind: "dynamic" });
  });

  it("places every file of src/ in a layer the rules know", () => {
    const placed = (file: string) => LAYERS.some((layer) => matches(layer, file));
    expect(files.filter((file) => !placed(file))).toEqual([]);
  });

  it("has no rule about a folder or file that is gone", () => {
    const named = RULES.flatMap((rule) => [
      ...rule.files,
      ...(rule.except ?? []),
      ...(rule.typesOnly ?? []),
    ]);
    const gone = [...new Set([...named, ...LAYERS])].filter(
      (pattern) => !files.some((file) => matches(pattern, file)),
    );
    expect(gone).toEqual([]);
  });

  it.each(RULES)("$name", (rule) => {
    const broken = edges
      .filter((edge) => breaks(rule, edge))
      .map((edge) => `${describeEdge(edge)}: ${rule.reason}`);
    expect(broken).toEqual([]);
  });

  it("holds SQL only in the store", () => {
    const sql =
      /\b(?:SELECT\s+[\w*($]|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|CREATE\s+(?:TABLE|(?:UNIQUE\s+)?INDEX|TRIGGER)\b|PRAGMA\s+\w|SAVEPOINT\b|BEGIN\s+IMMEDIATE\b)/;
    const outside = files
      .filter((file) => !matches(STORE, file))
      .flatMap((file) => {
        // Comments may name a statement; code may not hold one.
        const code = readFileSync(path.join(root, file), "utf8")
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .replace(/^\s*\/\/.*$/gm, "");
        const found = sql.exec(code);
        return found === null ? [] : [`${file}: ${found[0]}`];
      });
    expect(outside).toEqual([]);
  });

  it("has no import cycle (static imports, type-only ones included)", () => {
    const cycle = findCycle(
      edges.filter((edge) => edge.kind !== "dynamic" && edge.to.startsWith("src/")),
    );
    expect(cycle === undefined ? "no cycle" : `a cycle: ${cycle.join(" -> ")}`).toBe("no cycle");
  });
});

describe("moduleImports", () => {
  it("finds static, type-only, re-exported and dynamic imports, and nothing in comments", () => {
    const source = [
      'import type { A } from "./a.js";',
      'import { type B } from "./b.js";',
      'import { type C, c } from "./c.js";',
      'import "./d.js";',
      'export * from "./e.js";',
      'export type { F } from "./f.js";',
      'export { g } from "./g.js";',
      'type H = import("./h.js").H;',
      'const i = await import("./i.js");',
      "const j = import(`./j.js`);",
      "const k = import(name);",
      '// import { l } from "./l.js";',
      'const m = "import(\\"./m.js\\")";',
    ].join("\n");
    expect(moduleImports("example.ts", source)).toEqual([
      { specifier: "./a.js", kind: "type" },
      { specifier: "./b.js", kind: "type" },
      { specifier: "./c.js", kind: "static" },
      { specifier: "./d.js", kind: "static" },
      { specifier: "./e.js", kind: "static" },
      { specifier: "./f.js", kind: "type" },
      { specifier: "./g.js", kind: "static" },
      { specifier: "./h.js", kind: "type" },
      { specifier: "./i.js", kind: "dynamic" },
      { specifier: "./j.js", kind: "dynamic" },
      { specifier: null, kind: "dynamic" },
    ]);
  });

  it("finds a cycle and names its files in import order", () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, kind: "static" });
    expect(findCycle([edge("a", "b"), edge("b", "c"), edge("c", "a")])).toEqual([
      "a",
      "b",
      "c",
      "a",
    ]);
    expect(findCycle([edge("a", "b"), edge("a", "c"), edge("b", "c")])).toBeUndefined();
  });
});
