/** The CarbonService contract, run against the remote engine talking to a real `carbon serve`. */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openLocalService } from "../../src/backends/local/open.js";
import { servedDriver } from "./served-driver.js";
import type { Driver } from "./suite.js";
import { describeAllContracts } from "./suites.js";

async function openDriver(): Promise<Driver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "carbon-contract-"));
  const local = await openLocalService({ path: path.join(dir, "carbon.db") });
  return servedDriver(local, () => rmSync(dir, { recursive: true, force: true }));
}

describeAllContracts("remote engine over HTTP", openDriver);
