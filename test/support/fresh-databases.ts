/**
 * Setup file of the fast tier's workers: a database file a test opens that does not exist yet
 * starts as a copy of the run's migrated template (db-template.ts). A test of migrating an empty
 * file calls `startNewDatabasesFrom(undefined)` for its own file and `fromTemplate()` after.
 */
import { startNewDatabasesFrom } from "../../src/backends/local/open.js";

export function fromTemplate(): void {
  startNewDatabasesFrom(process.env.CARBON_TEST_DB_TEMPLATE);
}

fromTemplate();
