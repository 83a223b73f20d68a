import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openLocalService } from "../../src/backends/local/open.js";
import type { Driver } from "./suite.js";
import { describeAllContracts } from "./suites.js";

async function openDriver(): Promise<Driver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "carbon-contract-"));
  const service = await openLocalService({ path: path.join(dir, "carbon.db") });
  return {
    service,
    async dispose() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describeAllContracts("local SQLite engine", openDriver);
