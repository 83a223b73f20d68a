/**
 * Profiles: named sets of `{ apiUrl, token, db }` in `<user config dir>/carbon/config.json`:
 *
 * ```json
 * { "currentProfile": "default", "profiles": { "default": { "apiUrl": "https://…", "token": "…" } } }
 * ```
 *
 * Writes go through `conf` (atomic replace, file mode 0600, folder 0700). Every command that
 * picks an engine reads the file, so reads are a plain JSON read: `conf` pulls in ajv, whose
 * load time a local `carbon companies list` should not pay.
 */
import fs from "node:fs";
import path from "node:path";
import { CarbonError } from "../core/errors.js";
import { configDir, type Environment } from "./paths.js";

export interface Profile {
  readonly apiUrl?: string;
  readonly token?: string;
  readonly db?: string;
}

// A type alias, not an interface: conf's store type must be a Record.
export type ProfilesFile = {
  readonly currentProfile: string;
  readonly profiles: Readonly<Record<string, Profile>>;
};

export const DEFAULT_PROFILE = "default";
/** The built-in profile of the local engine: listed and usable without being stored, never remote. */
export const LOCAL_PROFILE = "local";
const CONFIG_NAME = "config";
const profileNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function configFilePath(env: Environment): string {
  return path.join(configDir(env), `${CONFIG_NAME}.json`);
}

/** A profile name as typed (--profile, CARBON_PROFILE, `profile use`): letters, digits, . _ - */
export function parseProfileName(source: string, value: string): string {
  const name = value.trim();
  if (!profileNamePattern.test(name)) {
    throw new CarbonError(
      "usage",
      `invalid ${source} "${value}": expected a profile name of letters, digits, ".", "_" or "-" (at most 64)`,
    );
  }
  return name;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function badFile(file: string, what: string): CarbonError {
  return new CarbonError("usage", `cannot read the profiles file ${file}: ${what}`, {
    hint: "fix the file, or delete it and run carbon auth login again",
  });
}

function parseProfile(file: string, name: string, value: unknown): Profile {
  if (!isRecord(value)) throw badFile(file, `profile "${name}" is not an object`);
  const profile: { apiUrl?: string; token?: string; db?: string } = {};
  for (const key of ["apiUrl", "token", "db"] as const) {
    const field = value[key];
    if (field === undefined || field === null) continue;
    if (typeof field !== "string") {
      throw badFile(file, `profiles.${name}.${key}: expected a text, got ${JSON.stringify(field)}`);
    }
    if (field !== "") profile[key] = field;
  }
  return profile;
}

/** Checks the shape of what the file holds; unknown keys are dropped. */
export function parseProfilesFile(file: string, value: unknown): ProfilesFile {
  if (!isRecord(value)) throw badFile(file, "expected a JSON object");
  const current = value.currentProfile ?? DEFAULT_PROFILE;
  if (typeof current !== "string" || !profileNamePattern.test(current)) {
    throw badFile(file, `currentProfile: expected a profile name, got ${JSON.stringify(current)}`);
  }
  const rawProfiles = value.profiles ?? {};
  if (!isRecord(rawProfiles)) throw badFile(file, "profiles: expected an object");
  const profiles: Record<string, Profile> = {};
  for (const [name, profile] of Object.entries(rawProfiles)) {
    profiles[name] = parseProfile(file, name, profile);
  }
  return { currentProfile: current, profiles };
}

/** The profiles file, or an empty one when it does not exist yet. Synchronous and cheap. */
export function readProfiles(env: Environment): ProfilesFile {
  const file = configFilePath(env);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") {
      return { currentProfile: DEFAULT_PROFILE, profiles: {} };
    }
    throw badFile(file, error instanceof Error ? error.message : String(error));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw badFile(file, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseProfilesFile(file, parsed);
}

/** Drops empty fields so the file holds only what is set. */
function cleanProfile(profile: Profile): Profile {
  const clean: { apiUrl?: string; token?: string; db?: string } = {};
  if (profile.apiUrl !== undefined && profile.apiUrl !== "") clean.apiUrl = profile.apiUrl;
  if (profile.token !== undefined && profile.token !== "") clean.token = profile.token;
  if (profile.db !== undefined && profile.db !== "") clean.db = profile.db;
  return clean;
}

/**
 * Reads the file, applies `change` and writes the result with `conf` (mode 0600, also applied to
 * an existing file). Returns what was written.
 */
export async function updateProfiles(
  env: Environment,
  change: (current: ProfilesFile) => ProfilesFile,
): Promise<ProfilesFile> {
  const dir = configDir(env);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { default: Conf } = await import("conf");
  const store = new Conf<ProfilesFile>({
    cwd: dir,
    configName: CONFIG_NAME,
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false,
  });
  const current = parseProfilesFile(store.path, store.store);
  const next = change(current);
  const profiles: Record<string, Profile> = {};
  for (const [name, profile] of Object.entries(next.profiles)) {
    profiles[name] = cleanProfile(profile);
  }
  const written: ProfilesFile = { currentProfile: next.currentProfile, profiles };
  store.store = written;
  return written;
}
