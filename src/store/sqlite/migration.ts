import type { Db } from "./database.js";

/** One step of a database's schema, applied once, in version order (migrations.ts). */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /** `report` tells the user what a migration changed in their data (stderr). */
  up(db: Db, report?: (message: string) => void): void;
  /**
   * It rebuilds a table other tables reference: it runs with foreign keys off (SQLite's way to
   * rebuild a table) and must check them itself before it returns.
   */
  readonly rebuildsReferencedTable?: true;
}
