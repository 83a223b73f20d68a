import { homedir } from "node:os";
import path from "node:path";

export type Environment = Readonly<Record<string, string | undefined>>;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

/** The user's home: HOME (USERPROFILE on Windows) from the given environment, else the OS's answer. */
export function homeDir(env: Environment, platform: NodeJS.Platform = process.platform): string {
  const fromEnv =
    platform === "win32" ? (nonEmpty(env.USERPROFILE) ?? nonEmpty(env.HOME)) : nonEmpty(env.HOME);
  return fromEnv ?? homedir();
}

/**
 * An XDG base directory: the variable when it holds an absolute path (the XDG spec says relative
 * ones are invalid and must be ignored), else the fallback below the home directory.
 */
function xdgDir(
  env: Environment,
  variable: "XDG_DATA_HOME" | "XDG_CONFIG_HOME" | "XDG_STATE_HOME",
  home: string,
  ...fallback: string[]
): string {
  const xdg = nonEmpty(env[variable]);
  return xdg !== undefined && path.posix.isAbsolute(xdg) ? xdg : path.posix.join(home, ...fallback);
}

/**
 * Where per-user application data lives:
 * Linux and others: $XDG_DATA_HOME (when absolute) or ~/.local/share;
 * macOS: ~/Library/Application Support; Windows: %LOCALAPPDATA% or ~\AppData\Local.
 */
export function userDataDir(
  env: Environment,
  platform: NodeJS.Platform = process.platform,
): string {
  const home = homeDir(env, platform);
  switch (platform) {
    case "win32":
      return nonEmpty(env.LOCALAPPDATA) ?? path.win32.join(home, "AppData", "Local");
    case "darwin":
      return path.posix.join(home, "Library", "Application Support");
    default:
      return xdgDir(env, "XDG_DATA_HOME", home, ".local", "share");
  }
}

/** The local database used when neither --db nor CARBON_DB says otherwise. */
export function defaultDbPath(
  env: Environment,
  platform: NodeJS.Platform = process.platform,
): string {
  const join = platform === "win32" ? path.win32.join : path.posix.join;
  return join(userDataDir(env, platform), "carbon", "carbon.db");
}

/**
 * Where per-user configuration lives:
 * Linux and others: $XDG_CONFIG_HOME (when absolute) or ~/.config;
 * macOS: ~/Library/Preferences; Windows: %APPDATA% or ~\AppData\Roaming.
 */
export function userConfigDir(
  env: Environment,
  platform: NodeJS.Platform = process.platform,
): string {
  const home = homeDir(env, platform);
  switch (platform) {
    case "win32":
      return nonEmpty(env.APPDATA) ?? path.win32.join(home, "AppData", "Roaming");
    case "darwin":
      return path.posix.join(home, "Library", "Preferences");
    default:
      return xdgDir(env, "XDG_CONFIG_HOME", home, ".config");
  }
}

/**
 * Where per-user state that is not data lives (journals of interrupted imports):
 * Linux and others: $XDG_STATE_HOME (when absolute) or ~/.local/state; elsewhere the data dir.
 */
export function userStateDir(
  env: Environment,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === "win32" || platform === "darwin") return userDataDir(env, platform);
  return xdgDir(env, "XDG_STATE_HOME", homeDir(env, platform), ".local", "state");
}

/** The folder of carbon's profiles file (`config.json`, written with `conf`). */
export function configDir(env: Environment, platform: NodeJS.Platform = process.platform): string {
  const join = platform === "win32" ? path.win32.join : path.posix.join;
  return join(userConfigDir(env, platform), "carbon");
}

/** carbon's own folder in the user state dir. */
export function stateDir(env: Environment, platform: NodeJS.Platform = process.platform): string {
  const join = platform === "win32" ? path.win32.join : path.posix.join;
  return join(userStateDir(env, platform), "carbon");
}
