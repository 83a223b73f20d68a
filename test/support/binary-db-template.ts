/**
 * Vitest global setup of the e2e tier, after the build: the built binary migrates one database
 * from scratch, and the sandboxes' runs of the binary (test/e2e/helpers/exec.ts) start each new
 * database as a copy of it (CARBON_TEST_DB_TEMPLATE), except a sandbox made to show what a new
 * user's first command does.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkTemplate, TEMPLATE_ENV } from "./new-databases.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "binary-template-"));
  const file = path.join(dir, "carbon.db");
  const made = spawnSync(
    process.execPath,
    [path.join(root, "bin", "carbon.js"), "--db", file, "categories", "list", "--level", "scope"],
    { cwd: root, encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: dir } },
  );
  if (made.status !== 0) throw new Error(`the template database was not made:\n${made.stderr}`);
  checkTemplate(file);
  process.env[TEMPLATE_ENV] = file;
  return () => {
    delete process.env[TEMPLATE_ENV];
  };
}
