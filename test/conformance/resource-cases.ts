/**
 * The command cases of the plain resources, one file per resource in resource-cases/
 * (`resource-cases/waste-operators.ts` exporting `cases: readonly CommandCase[]`), found by
 * reading the folder: a new resource adds its file and nothing here. cases.ts puts them, in file
 * name order, where a resource's upsert, list and get belong. A file imports what a case is from
 * command-case.ts, never cases.ts (which is still loading it). Loading fails, naming them, when
 * a file exports no list of cases or two cases share a name.
 */
import { failOnProblems, importFolder } from "../contract/folder-modules.js";
import type { CommandCase } from "./command-case.js";

const casesFolder = new URL("./resource-cases/", import.meta.url);

function isCommandCase(value: unknown): value is CommandCase {
  if (typeof value !== "object" || value === null) return false;
  const { name, args } = value as Partial<Record<keyof CommandCase, unknown>>;
  return typeof name === "string" && typeof args === "function";
}

async function discoverCases(): Promise<readonly CommandCase[]> {
  const found: CommandCase[] = [];
  const fileOf = new Map<string, string>();
  const problems: string[] = [];
  for (const { file, exports } of await importFolder(casesFolder)) {
    const cases = exports.cases;
    if (!Array.isArray(cases) || !cases.every(isCommandCase)) {
      problems.push(`${file} exports no \`cases\` (a list of CommandCase)`);
      continue;
    }
    for (const commandCase of cases) {
      const other = fileOf.get(commandCase.name);
      if (other !== undefined) {
        problems.push(`${file} and ${other} both have a case "${commandCase.name}"`);
      }
      fileOf.set(commandCase.name, file);
      found.push(commandCase);
    }
  }
  failOnProblems(casesFolder, "The resource command cases cannot be used", problems);
  return found;
}

/** Every plain resource's upsert, list and get cases, file after file. */
export const resourceCases: readonly CommandCase[] = await discoverCases();
