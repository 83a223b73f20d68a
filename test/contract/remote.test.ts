/** The CarbonService contract, run against the remote engine talking to a real `carbon serve`. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openLocalService } from "../../src/backends/local/open.js";
import { createRemoteService } from "../../src/backends/remote/service.js";
import { startServer } from "../../src/server/app.js";
import { signToken } from "../../src/server/auth.js";
import { describeBuildingNameContract } from "./building-names.js";
import { describeDeletionContract } from "./deletions.js";
import { describeGlecContract } from "./glec.js";
import { describeMoveContract } from "./move.js";
import { describeStreamContract } from "./streams.js";
import { type Driver, describeContract } from "./suite.js";
import { describeSupplierContract } from "./suppliers.js";

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

describeContract("remote engine over HTTP", openDriver);
describeSupplierContract("remote engine over HTTP", openDriver);
describeGlecContract("remote engine over HTTP", openDriver);
// buildings move
describeMoveContract("remote engine over HTTP", openDriver);
describeBuildingNameContract("remote engine over HTTP", openDriver);
describeDeletionContract("remote engine over HTTP", openDriver);
describeStreamContract("remote engine over HTTP", openDriver);
