/** What `carbon db status` says of a database: which store, where, and its schema's version. */
export interface DatabaseStatus {
  readonly engine: "sqlite" | "postgresql";
  /** The file, or the URL without its password. */
  readonly database: string;
  /** The database software and its version (`SQLite 3.50.4`, `PostgreSQL 15.18`). */
  readonly server: string;
  /** False for a SQLite file not made yet (the first command makes it). */
  readonly exists: boolean;
  /** The schema's version; null when the database has no carbon schema yet. */
  readonly schemaVersion: number | null;
  /** The version this carbon migrates databases to. */
  readonly latestVersion: number;
  /** True when the next command will not migrate it (its version is the latest). */
  readonly upToDate: boolean;
  /** The instance id carbon serve announces for it, once it has served; else null. */
  readonly instanceId: string | null;
}
