/**
 * The CarbonService contract through a real carbon serve on a PostgreSQL database: every suite
 * the local SQLite engine and carbon serve on SQLite pass (test/contract/).
 */
import { openLocalService } from "../../src/backends/local/open.js";
import { createRemoteService } from "../../src/backends/remote/remote-service.js";
import { startServer } from "../../src/server/app.js";
import { signToken } from "../../src/server/auth.js";
import type { Driver } from "../contract/suite.js";
import { describeAllContracts } from "../contract/suites.js";
import { dropInBackground, postgresDatabase } from "../support/postgres-databases.js";

async function openRemote(): Promise<Driver> {
  const database = await postgresDatabase({ migrated: true });
  const local = await openLocalService({ path: database.url });
  const secret = new TextEncoder().encode("a test secret of at least thirty-two bytes");
  const server = await startServer({ service: local, secret, host: "127.0.0.1", port: 0 });
  const token = await signToken(
    { email: "admin@example.com", role: "admin", ttlSeconds: 3600 },
    secret,
  );
  const service = createRemoteService({ apiUrl: server.url, token });
  return {
    service,
    async dispose() {
      await service.close();
      await server.close();
      await local.close();
      dropInBackground(database);
    },
  };
}

describeAllContracts("carbon serve on PostgreSQL", openRemote);
