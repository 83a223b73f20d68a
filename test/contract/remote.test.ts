/** The CarbonService contract, run against the remote engine talking to a real `carbon serve`. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openLocalService } from "../../src/backends/local/open.js";
import { createRemoteService } from "../../src/backends/remote/remote-service.js";
import { startServer } from "../../src/server/app.js";
import { signToken } from "../../src/server/auth.js";
import type { Driver } from "./suite.js";
import { describeAllContracts } from "./suites.js";

async function openDriver(): Promise<Driver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "carbon-contract-"));
  const local = await openLocalService({ path: path.join(dir, "carbon.db") });
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
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describeAllContracts("remote engine over HTTP", openDriver);
