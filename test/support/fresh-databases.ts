/**
 * Setup file of the fast tier, run before each test file:
 * - a database file a test opens that does not exist yet starts as a copy of the run's migrated
 *   template (db-template.ts); a test of what a user's first command makes opens its database
 *   in `fromScratch` (new-databases.ts);
 * - the file's temporary files go in a folder of its own (TMPDIR), removed when the file ends.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { fromTemplate } from "./new-databases.js";

fromTemplate();

const runTmp = process.env.TMPDIR;
const fileTmp = mkdtempSync(path.join(os.tmpdir(), "file-"));
process.env.TMPDIR = fileTmp;
afterAll(() => {
  process.env.TMPDIR = runTmp;
  rmSync(fileTmp, { recursive: true, force: true });
});
