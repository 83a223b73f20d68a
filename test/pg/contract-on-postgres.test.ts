/**
 * The CarbonService contract on the PostgreSQL store: every suite the local SQLite engine and
 * carbon serve pass (test/contract/), on the engine opened on a PostgreSQL database
 * (contract-serve-on-postgres.test.ts: through a real carbon serve on one).
 */
import { openLocalService } from "../../src/backends/local/open.js";
import type { Driver } from "../contract/suite.js";
import { describeAllContracts } from "../contract/suites.js";
import { dropInBackground, postgresDatabase } from "../support/postgres-databases.js";

async function openLocal(): Promise<Driver> {
  const database = await postgresDatabase({ migrated: true });
  const service = await openLocalService({ path: database.url });
  return {
    service,
    async dispose() {
      await service.close();
      dropInBackground(database);
    },
  };
}

describeAllContracts("local engine on PostgreSQL", openLocal);
