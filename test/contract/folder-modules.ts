/**
 * The modules of a folder, found by reading it: how the per-resource test files (contract
 * fixtures, conformance cases) are registered by being there, with no list to keep by hand.
 * A computed `import()` of the file's URL works both under vitest and under plain Node (the
 * conformance report), so it needs neither `import.meta.glob` nor a bundler.
 */
import { readdirSync } from "node:fs";

export interface FolderModule {
  /** The file's name in the folder: `waste-operators.ts`. */
  readonly file: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

/**
 * Imports every TypeScript file of `folder` (a directory URL ending in `/`) but those named in
 * `except` and test files, in file name order.
 */
export async function importFolder(
  folder: URL,
  except: readonly string[] = [],
): Promise<readonly FolderModule[]> {
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .filter(
      (name) =>
        name.endsWith(".ts") &&
        !name.endsWith(".d.ts") &&
        !name.endsWith(".test.ts") &&
        !except.includes(name),
    )
    .sort();
  const modules: FolderModule[] = [];
  for (const file of files) {
    const exports: Record<string, unknown> = await import(new URL(file, folder).href);
    modules.push({ file, exports });
  }
  return modules;
}

/** Throws an error that names the folder and lists `problems`, when there are any. */
export function failOnProblems(folder: URL, what: string, problems: readonly string[]): void {
  if (problems.length > 0) {
    throw new Error(`${what} (${folder.pathname}):\n- ${problems.join("\n- ")}`);
  }
}
