import { readFileSync } from "node:fs";
import { packageFile } from "../package-files.js";

/** The factor library's data files, in the package's fixtures folder. */
export const FIXTURES_DIR: URL = packageFile("fixtures/factors/");

/** A shipped data file: fixtures/factors/`name` of the package. */
export function readFixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES_DIR), "utf8");
}
