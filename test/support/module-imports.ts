/**
 * The imports of our TypeScript modules, for the layer test (test/unit/layers.test.ts): every
 * module specifier a file names in an import or export declaration (type-only ones too), an
 * `import x = require()`, a type's `import("…")`, or a dynamic `import("…")`, read from the syntax
 * tree (oxc, through rolldown), so that a specifier in a comment or a string is not one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { parseSync } from "rolldown/utils";

/** `static`: loaded with the module; `type`: erased when compiled; `dynamic`: `import()`. */
export type ImportKind = "static" | "type" | "dynamic";

export interface ModuleImport {
  /** As written; null for a dynamic `import()` of a computed expression. */
  readonly specifier: string | null;
  readonly kind: ImportKind;
}

export interface ImportEdge {
  /** The importing file, from the repository root: `src/cli/main.ts`. */
  readonly from: string;
  /** A file from the repository root when the specifier is relative, else the specifier. */
  readonly to: string;
  readonly kind: ImportKind;
}

interface AstNode {
  readonly type: string;
  readonly [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === "object" && value !== null && typeof Reflect.get(value, "type") === "string"
  );
}

function walk(value: unknown, visit: (node: AstNode) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  if (isNode(value)) visit(value);
  for (const child of Object.values(value)) walk(child, visit);
}

/** The text of a string literal, or of a template literal without substitutions. */
function literalText(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && Array.isArray(node.expressions)) {
    const [quasi] = Array.isArray(node.quasis) ? node.quasis : [];
    if (node.expressions.length === 0 && isNode(quasi)) {
      const value = quasi.value;
      const cooked = typeof value === "object" && value !== null && Reflect.get(value, "cooked");
      return typeof cooked === "string" ? cooked : null;
    }
  }
  return null;
}

/** A declaration whose every named part is a type: `import type`, `export type`, `{ type A }`. */
function typeOnly(node: AstNode, kindKey: "importKind" | "exportKind"): boolean {
  if (node[kindKey] === "type") return true;
  const parts = Array.isArray(node.specifiers) ? node.specifiers : [];
  return parts.length > 0 && parts.every((part) => isNode(part) && part[kindKey] === "type");
}

/** The imports of one module's source text, in source order. */
export function moduleImports(file: string, text: string): ModuleImport[] {
  const parsed = parseSync(file, text);
  if (parsed.errors.length > 0) {
    throw new Error(`${file} does not parse: ${parsed.errors.map((e) => e.message).join("; ")}`);
  }
  const found: ModuleImport[] = [];
  walk(parsed.program, (node) => {
    switch (node.type) {
      case "ImportDeclaration":
        found.push({
          specifier: literalText(node.source),
          kind: typeOnly(node, "importKind") ? "type" : "static",
        });
        return;
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
        if (node.source === null || node.source === undefined) return;
        found.push({
          specifier: literalText(node.source),
          kind: typeOnly(node, "exportKind") ? "type" : "static",
        });
        return;
      case "TSImportEqualsDeclaration": {
        const reference = node.moduleReference;
        if (!isNode(reference) || reference.type !== "TSExternalModuleReference") return;
        found.push({
          specifier: literalText(reference.expression),
          kind: node.importKind === "type" ? "type" : "static",
        });
        return;
      }
      case "TSImportType":
        found.push({ specifier: literalText(node.source ?? node.argument), kind: "type" });
        return;
      case "ImportExpression":
        found.push({ specifier: literalText(node.source), kind: "dynamic" });
        return;
    }
  });
  return found;
}

/** Every `.ts` file under `folder` of the repository at `root`, from the root, sorted. */
export function typeScriptFiles(root: string, folder: string): string[] {
  return readdirSync(posix.join(root, folder), { recursive: true, encoding: "utf8" })
    .map((entry) => posix.join(folder, entry.split("\\").join("/")))
    .filter((file) => file.endsWith(".ts"))
    .sort();
}

/**
 * The imports of `files` (paths from `root`). A relative specifier is resolved to the file it
 * names (`./a.js` is `a.ts`: we import the compiled name); a package's stays as written.
 */
export function importEdges(
  root: string,
  files: readonly string[],
): { edges: ImportEdge[]; unresolved: string[] } {
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  const unresolved: string[] = [];
  for (const from of files) {
    for (const { specifier, kind } of moduleImports(
      from,
      readFileSync(posix.join(root, from), "utf8"),
    )) {
      if (specifier === null) {
        unresolved.push(`${from}: an import() of a computed name, which no rule can check`);
        continue;
      }
      if (!specifier.startsWith(".")) {
        edges.push({ from, to: specifier, kind });
        continue;
      }
      const to = posix.join(posix.dirname(from), specifier).replace(/\.js$/, ".ts");
      if (known.has(to)) edges.push({ from, to, kind });
      else unresolved.push(`${from}: "${specifier}" is no .ts file of ${files.length} read`);
    }
  }
  return { edges, unresolved };
}

/**
 * One cycle of `edges` (each importer before what it imports, the first file again at the end),
 * or undefined when there is none. Files are visited in sorted order, so the answer is stable.
 */
export function findCycle(edges: readonly ImportEdge[]): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    const targets = next.get(from) ?? [];
    targets.push(to);
    next.set(from, targets);
  }
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | undefined => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return undefined;
    path.push(file);
    onPath.add(file);
    for (const target of [...(next.get(file) ?? [])].sort()) {
      const cycle = visit(target);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return undefined;
  };
  for (const file of [...next.keys()].sort()) {
    const cycle = visit(file);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}
