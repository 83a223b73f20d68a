/**
 * The template new test databases start from (db-template.ts in the fast tier,
 * binary-db-template.ts in e2e): where it is told, what it must be, and how a test of a user's
 * first command opens from nothing instead.
 */
import fs from "node:fs";
import { startNewDatabasesFrom } from "../../src/backends/local/open.js";

/** The variable the global setups set to the template's path (the CLI reads it too). */
export const TEMPLATE_ENV = "CARBON_TEST_DB_TEMPLATE";

/** Refuses a template that would not copy into a whole, private database. */
export function checkTemplate(file: string): void {
  // A clean close checkpoints and removes the WAL: the one file holds the whole database.
  if (fs.existsSync(`${file}-wal`)) throw new Error(`${file} was not closed cleanly`);
  if ((fs.statSync(file).mode & 0o777) !== 0o600) throw new Error(`${file} is not private`);
}

/** New databases of this process start as copies of the run's template. */
export function fromTemplate(): void {
  startNewDatabasesFrom(process.env[TEMPLATE_ENV]);
}

/** Runs `open` with new databases made from nothing, as a user's first command makes one. */
export async function fromScratch<T>(open: () => Promise<T>): Promise<T> {
  startNewDatabasesFrom(undefined);
  try {
    return await open();
  } finally {
    fromTemplate();
  }
}
