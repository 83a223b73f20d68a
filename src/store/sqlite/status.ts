/** `carbon db status` of a SQLite file: read only, it creates and migrates nothing. */
import { existsSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { DatabaseStatus } from "../../core/model/database-status.js";
import { SERVER_INSTANCE_KEY } from "../server-meta.js";
import { APPLICATION_ID, notCarbonDatabase, translateError } from "./database.js";

/** The file's status; `latest` is the version this carbon's migrations reach. */
export function sqliteStatus(file: string, latest: number): DatabaseStatus {
  const database = file === ":memory:" ? file : path.resolve(file);
  const status = (
    server: string,
    fields: Partial<Omit<DatabaseStatus, "engine" | "database" | "server">> = {},
  ): DatabaseStatus => ({
    engine: "sqlite",
    database,
    server,
    exists: fields.exists ?? true,
    schemaVersion: fields.schemaVersion ?? null,
    latestVersion: latest,
    upToDate: fields.upToDate ?? false,
    instanceId: fields.instanceId ?? null,
  });
  if (file === ":memory:" || !existsSync(database)) {
    const db = new Database(":memory:");
    try {
      const version = db.prepare<[], string>("SELECT sqlite_version()").pluck().get() ?? "";
      return status(`SQLite ${version}`, { exists: false });
    } finally {
      db.close();
    }
  }
  let db: Database.Database;
  try {
    db = new Database(database, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw translateError(error, database);
  }
  try {
    const server = `SQLite ${db.prepare<[], string>("SELECT sqlite_version()").pluck().get() ?? ""}`;
    const version = Number(db.pragma("user_version", { simple: true }));
    if (version === 0) return status(server);
    if (db.pragma("application_id", { simple: true }) !== APPLICATION_ID) {
      throw notCarbonDatabase(database);
    }
    const meta = db
      .prepare<[string], string>("SELECT value FROM meta WHERE key = ?")
      .pluck()
      .get(SERVER_INSTANCE_KEY);
    return status(server, {
      schemaVersion: version,
      upToDate: version === latest,
      instanceId: meta ?? null,
    });
  } catch (error) {
    throw translateError(error, database);
  } finally {
    db.close();
  }
}
