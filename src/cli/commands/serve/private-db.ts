/**
 * The database `carbon serve` runs on holds the token-signing secret: whoever can read it can
 * mint an admin token, and whoever can write it can plant a secret of their own. The server
 * refuses to start while the file (or its WAL, SHM or journal) is open to group or others.
 */
import { statSync } from "node:fs";
import { isPostgresUrl } from "../../../core/database-url.js";
import { usageError } from "../../../core/errors.js";

const companions = ["", "-wal", "-shm", "-journal"];

function modeOf(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o777;
  } catch {
    return undefined; // not there (yet): carbon creates it private
  }
}

/** Throws a usage error, with the `chmod 600` that fixes it, when another user can get at `dbPath`. */
export function checkPrivateDatabase(dbPath: string): void {
  // A PostgreSQL database keeps the secret in a table only its owner role reads.
  if (dbPath === ":memory:" || isPostgresUrl(dbPath)) return;
  const shared: { readonly file: string; readonly mode: number }[] = [];
  for (const suffix of companions) {
    const file = `${dbPath}${suffix}`;
    const mode = modeOf(file);
    if (mode !== undefined && (mode & 0o077) !== 0) shared.push({ file, mode });
  }
  const [first] = shared;
  if (first === undefined) return;
  const mode = first.mode.toString(8).padStart(4, "0");
  throw usageError(
    `${first.file} is open to other users (mode ${mode}): it holds the token-signing secret, so anyone who can read it can mint tokens`,
    `make it private to this user: chmod 600 ${shared.map((entry) => quoted(entry.file)).join(" ")}`,
  );
}

/** A path as a shell reads it back: quoted when it has characters a shell would split or expand. */
function quoted(file: string): string {
  return /^[\w./@%+=:,-]+$/.test(file) ? file : `'${file.replaceAll("'", "'\\''")}'`;
}
