/**
 * Vitest global setup of the fast tier: migrates one database from scratch (the run's one real
 * migration of an empty file) and tells the workers where it is. Each worker's setup file
 * (fresh-databases.ts) then starts every new database file as a copy of it: copying a migrated
 * file costs a fraction of migrating one, and the fast tier makes hundreds.
 * Runs after temp-root.ts, so the template lives and dies with the run's temporary directory.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openLocalService } from "../../src/backends/local/open.js";
import { checkTemplate, TEMPLATE_ENV } from "./new-databases.js";

export default async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "template-"));
  const file = path.join(dir, "carbon.db");
  const service = await openLocalService({ path: file });
  await service.close();
  checkTemplate(file);
  process.env[TEMPLATE_ENV] = file;
  return () => {
    delete process.env[TEMPLATE_ENV];
  };
}
