/** `carbon serve`'s signing secret and instance id, kept in the database it serves (either store). */
import { isPostgresUrl } from "../../core/database-url.js";
import * as sqlite from "../../store/sqlite/server-secret.js";

/** Gets or creates the token signing secret of the (already migrated) database `db`. */
export async function serverSecret(db: string): Promise<Uint8Array> {
  if (!isPostgresUrl(db)) return sqlite.serverSecret(db);
  const { postgresServerSecret } = await import("../../store/postgres/server-secret.js");
  return postgresServerSecret(db);
}

/** Gets or creates the instance id of the (already migrated) database `db`. */
export async function serverInstanceId(db: string): Promise<string> {
  if (!isPostgresUrl(db)) return sqlite.serverInstanceId(db);
  const { postgresServerInstanceId } = await import("../../store/postgres/server-secret.js");
  return postgresServerInstanceId(db);
}
