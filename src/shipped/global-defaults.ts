/** The base release's global defaults the package ships, as the engine reads them. */
import { type GlobalDefault, parseGlobalDefaults } from "../engine/proxies.js";
import { readFixture } from "./fixture-files.js";
import { BASE_RELEASE } from "./library-releases.js";

/** The lines of the base release's global-defaults.csv (what migrations 3 and 28 load). */
export function baseGlobalDefaults(): GlobalDefault[] {
  return parseGlobalDefaults(readFixture(BASE_RELEASE.defaultsFile));
}
