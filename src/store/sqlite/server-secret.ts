/**
 * What `carbon serve` keeps about itself in the database's `meta` table, created on first use:
 * the signing secret of its tokens (so tokens minted by `carbon serve token` verify on the server
 * of the same database, across restarts) and its instance id (so a client can tell this server
 * from another one at the same address). Read through a connection of its own, so the service's
 * connection is not touched; an in-memory database gets fresh values each time.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { SERVER_INSTANCE_KEY, SERVER_SECRET_KEY } from "../server-meta.js";
import { openDatabase, translateError } from "./database.js";

const SECRET_BYTES = 32;

/** Gets or creates the secret of the (already migrated) database `file`. */
export function serverSecret(file: string): Uint8Array {
  const fresh = (): string => randomBytes(SECRET_BYTES).toString("base64url");
  const value = file === ":memory:" ? fresh() : metaValue(file, SERVER_SECRET_KEY, fresh);
  return new Uint8Array(Buffer.from(value, "base64url"));
}

/**
 * Gets or creates the instance id of the (already migrated) database `file`. A copy of the file
 * (a backup restored) keeps it: clients also check that the rows they sent are still there.
 */
export function serverInstanceId(file: string): string {
  return file === ":memory:" ? randomUUID() : metaValue(file, SERVER_INSTANCE_KEY, randomUUID);
}

function metaValue(file: string, key: string, create: () => string): string {
  const db = openDatabase(file);
  try {
    const value = db
      .transaction(() => {
        db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)").run(key, create());
        return db
          .prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?")
          .get(key)?.value;
      })
      .immediate();
    if (value === undefined) throw new Error(`${key} was not stored`);
    return value;
  } catch (error) {
    throw translateError(error, file);
  } finally {
    db.close();
  }
}
