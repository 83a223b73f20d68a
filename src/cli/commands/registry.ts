import type { GroupEntry } from "./group.js";
import { generatedGroups } from "./registry.generated.js";

/**
 * The command groups the program offers, in help order. Only names and descriptions are loaded
 * at start-up (each group's group.ts); a group's commands (and everything they import) load when
 * that group is invoked, so `carbon --help` and `carbon --version` read a handful of modules. The
 * list is generated (`npm run registry`) from the folders of src/cli/commands/.
 */
export type ResourceEntry = GroupEntry;

export const resources: readonly ResourceEntry[] = generatedGroups.toSorted(
  (a, b) => a.order - b.order,
);

/** Global options that take a value, so the word after them is not a command name. */
const optionsWithValue = new Set([
  "--db",
  "--format",
  "--api-url",
  "--token",
  "--profile",
  "--concurrency",
]);

/** The resource named on the command line (`carbon [globals] RESOURCE ...`, or `carbon help RESOURCE`). */
export function requestedResource(args: readonly string[]): ResourceEntry | undefined {
  let wantHelp = false;
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i] ?? "";
    if (word === "--") return undefined;
    if (word.startsWith("-")) {
      if (optionsWithValue.has(word)) i += 1;
      continue;
    }
    if (word === "help" && !wantHelp) {
      wantHelp = true;
      continue;
    }
    return resources.find((entry) => entry.name === word);
  }
  return undefined;
}
