import os from "node:os";

/**
 * Who the local engine's audit trail names: the OS user, or `local` when it cannot be told.
 * Here, not in the local driver, because `carbon auth status` shows it without opening one.
 */
export function localActor(): string {
  try {
    const name = os.userInfo().username.trim();
    return name === "" ? "local" : name;
  } catch {
    return "local";
  }
}
