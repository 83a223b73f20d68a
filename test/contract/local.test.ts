import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openLocalService } from "../../src/backends/local/open.js";
import { describeBuildingNameContract } from "./building-names.js";
import { describeDeletionContract } from "./deletions.js";
import { describeGlecContract } from "./glec.js";
import { describeMoveContract } from "./move.js";
import { describeStreamContract } from "./streams.js";
import { type Driver, describeContract } from "./suite.js";
import { describeSupplierContract } from "./suppliers.js";

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

describeContract("local SQLite engine", openDriver);
describeSupplierContract("local SQLite engine", openDriver);
describeGlecContract("local SQLite engine", openDriver);
// buildings move
describeMoveContract("local SQLite engine", openDriver);
describeBuildingNameContract("local SQLite engine", openDriver);
describeDeletionContract("local SQLite engine", openDriver);
describeStreamContract("local SQLite engine", openDriver);
