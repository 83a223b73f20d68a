/** `carbon db status` of a PostgreSQL database: read only, it migrates nothing. */
import type { DatabaseStatus } from "../../core/model/database-status.js";
import { connect } from "./database.js";
import { POSTGRES_LATEST, pendingResourceMigrations, schemaVersion } from "./migrations.js";
import { parsePostgresUrl } from "./url.js";

export async function postgresStatus(url: string): Promise<DatabaseStatus> {
  const target = parsePostgresUrl(url);
  const pool = await connect(target, 1);
  try {
    const server = await pool.query<{ version: string }>(
      "SELECT current_setting('server_version') AS version",
    );
    const version = await schemaVersion(pool);
    let instanceId: string | null = null;
    if (version !== undefined && version >= 1) {
      const found = await pool.query<{ value: string }>(
        "SELECT value FROM carbon_meta WHERE key = 'server_instance_id'",
      );
      instanceId = found.rows[0]?.value ?? null;
    }
    return {
      engine: "postgresql",
      database: target.display,
      server: `PostgreSQL ${(server.rows[0]?.version ?? "").split(" ")[0]}`,
      exists: true,
      schemaVersion: version ?? null,
      latestVersion: POSTGRES_LATEST,
      // Up to date when the resources' tables have every migration too.
      upToDate: version === POSTGRES_LATEST && (await pendingResourceMigrations(pool)) === 0,
      instanceId,
    };
  } finally {
    await pool.end();
  }
}
