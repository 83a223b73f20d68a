/**
 * The signing secret of `carbon serve` tokens, kept in the database's `meta` table so tokens
 * minted by `carbon serve token` verify on the server of the same database, across restarts.
 * Created (32 random bytes) on first use. Read through a connection of its own, so the service's
 * connection is not touched; an in-memory database gets a fresh secret each time.
 */
import { randomBytes } from "node:crypto";
import { openDatabase, translateError } from "./database.js";

export const SERVER_SECRET_KEY = "server_jwt_secret";
const SECRET_BYTES = 32;

/** Gets or creates the secret of the (already migrated) database `file`. */
export function serverSecret(file: string): Uint8Array {
  if (file === ":memory:") return new Uint8Array(randomBytes(SECRET_BYTES));
  const db = openDatabase(file);
  try {
    const value = db
      .transaction(() => {
        db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)").run(
          SERVER_SECRET_KEY,
          randomBytes(SECRET_BYTES).toString("base64url"),
        );
        return db
          .prepare<[string], { value: string }>("SELECT value FROM meta WHERE key = ?")
          .get(SERVER_SECRET_KEY)?.value;
      })
      .immediate();
    if (value === undefined) throw new Error("the server secret was not stored");
    return new Uint8Array(Buffer.from(value, "base64url"));
  } catch (error) {
    throw translateError(error, file);
  } finally {
    db.close();
  }
}
