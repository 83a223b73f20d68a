import type { PoolClient } from "./database.js";

/**
 * One step of the PostgreSQL schema, applied once, in version order, in a transaction of its
 * own: the store's (migrations.ts) or a plain resource's table's (plain-table.ts).
 */
export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  up(client: PoolClient): Promise<void>;
}
