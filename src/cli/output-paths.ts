/**
 * The one check every command runs before writing a file at a path the user typed (`--output`,
 * `--rejects`): the path must not be the open local database, one of SQLite's files beside it,
 * or a file the command reads. Existing files are compared by device and inode (a symlink or a
 * hard link is the same file); a path that does not exist yet is compared by its real folder and
 * name, because the database's `-wal` or `-journal` may appear only while the command runs.
 */
import type { Stats } from "node:fs";
import { access, constants, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { CarbonError } from "../core/errors.js";
import type { Context } from "./context.js";

export interface OutputPath {
  /** The flag that named it, as the user typed it: `--output`, `--rejects`. */
  readonly flag: string;
  readonly file: string;
}

/** A file the output must not be, and what it is to the user. */
interface Protected {
  readonly file: string;
  readonly what: string;
}

/** A protected file as found on disk: its real name, and its identity when it exists. */
interface Resolved extends Protected {
  readonly name: string | undefined;
  readonly stats: Stats | undefined;
}

/** The database at `db` and SQLite's files beside it: its WAL, shared memory and journal. */
function databaseFiles(db: string): Protected[] {
  return [
    { file: db, what: "the database this command uses" },
    { file: `${db}-wal`, what: "the write-ahead log of the database this command uses" },
    { file: `${db}-shm`, what: "the shared-memory file of the database this command uses" },
    { file: `${db}-journal`, what: "the rollback journal of the database this command uses" },
  ];
}

async function statOf(file: string): Promise<Stats | undefined> {
  try {
    return await stat(file);
  } catch {
    return undefined;
  }
}

/** The real folder (symlinks resolved) joined with the name; undefined when the folder is missing. */
async function realName(file: string): Promise<string | undefined> {
  const absolute = path.resolve(file);
  try {
    return path.join(await realpath(path.dirname(absolute)), path.basename(absolute));
  } catch {
    return undefined;
  }
}

function refused(output: OutputPath, entry: Protected): CarbonError {
  const named = entry.file === output.file ? "" : ` (${entry.file})`;
  return new CarbonError(
    "usage",
    `${output.flag} ${output.file} is ${entry.what}${named}; choose another file`,
    { hint: "nothing was written: writing there would destroy it" },
  );
}

async function checkOne(output: OutputPath, guarded: readonly Resolved[]): Promise<void> {
  const name = await realName(output.file);
  if (name === undefined) {
    throw new CarbonError(
      "usage",
      `cannot write ${output.flag} ${output.file}: its folder does not exist`,
    );
  }
  const target = await statOf(output.file);
  for (const entry of guarded) {
    const same =
      entry.name === name ||
      (target !== undefined &&
        entry.stats !== undefined &&
        entry.stats.dev === target.dev &&
        entry.stats.ino === target.ino);
    if (same) throw refused(output, entry);
  }
  try {
    await access(path.dirname(name), constants.W_OK);
  } catch {
    throw new CarbonError(
      "usage",
      `cannot write ${output.flag} ${output.file}: its folder is not writable`,
    );
  }
}

/**
 * Throws a usage error (exit 2) when an output would overwrite the local database (or its
 * `-wal`, `-shm`, `-journal`) or one of `inputs`, or cannot be written at all; writes nothing.
 */
export async function checkOutputPaths(
  ctx: Context,
  outputs: readonly OutputPath[],
  inputs: readonly string[],
): Promise<void> {
  if (outputs.length === 0) return;
  const engine = await ctx.engine();
  const guarded: Protected[] = inputs.map((file) => ({ file, what: "a file this command reads" }));
  if (engine.kind === "local" && engine.dbPath !== ":memory:") {
    guarded.push(...databaseFiles(engine.dbPath));
    // SQLite names its files after the path it opened; a symlinked database also has the real one's.
    const real = await realpath(engine.dbPath).catch(() => undefined);
    if (real !== undefined && real !== engine.dbPath) guarded.push(...databaseFiles(real));
  }
  const resolved = await Promise.all(
    guarded.map(async (entry) => ({
      ...entry,
      name: await realName(entry.file),
      stats: await statOf(entry.file),
    })),
  );
  for (const output of outputs) await checkOne(output, resolved);
}
