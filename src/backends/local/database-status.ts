/** `carbon db status`: the local engine's database, a SQLite file or a PostgreSQL URL. */

import { isPostgresUrl } from "../../core/database-url.js";
import type { DatabaseStatus } from "../../core/model/database-status.js";
import { latestVersion } from "../../store/sqlite/migrations.js";
import { localMigrations } from "./plain-resources.js";

export async function databaseStatus(db: string): Promise<DatabaseStatus> {
  if (isPostgresUrl(db)) {
    // Loaded only for a PostgreSQL database: pg is not needed for a file.
    const { postgresStatus } = await import("../../store/postgres/status.js");
    return postgresStatus(db);
  }
  const { sqliteStatus } = await import("../../store/sqlite/status.js");
  return sqliteStatus(db, latestVersion(localMigrations));
}
