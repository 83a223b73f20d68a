/**
 * The local driver's public entry: the one module of src/backends/local that the CLI, the server
 * and the importer may import (test/unit/layers.test.ts holds them to it). Everything else here
 * is the driver's insides.
 */

export { databaseStatus } from "./database-status.js";
export {
  type LocalService,
  type LocalServiceOptions,
  openLocalService,
  startNewDatabasesFrom,
} from "./open.js";
export { serverInstanceId, serverSecret } from "./server-meta.js";
