/**
 * The CarbonService contract through a real carbon serve on a PostgreSQL database: every suite
 * the local SQLite engine and carbon serve on SQLite pass (test/contract/).
 */
import { openLocalService } from "../../src/backends/local/open.js";
import { servedDriver } from "../contract/served-driver.js";
import type { Driver } from "../contract/suite.js";
import { describeAllContracts } from "../contract/suites.js";
import { dropInBackground, postgresDatabase } from "../support/postgres-databases.js";

async function openRemote(): Promise<Driver> {
  const database = await postgresDatabase({ migrated: true });
  const local = await openLocalService({ path: database.url });
  return servedDriver(local, () => dropInBackground(database));
}

describeAllContracts("carbon serve on PostgreSQL", openRemote);
