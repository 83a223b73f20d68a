/**
 * Ids are `uuid` columns here, where SQLite keeps text: a string that is no UUID (core's
 * `isUuid`, what every stored id passed) finds nothing, SQLite's answer, instead of failing the
 * statement.
 */
import { isUuid } from "../../core/ids.js";

/** The UUIDs among `ids`, each once. */
export function uuidsOf(ids: readonly string[]): string[] {
  return [...new Set(ids.filter(isUuid))];
}

/**
 * The ids SQLite's text ids find, each once: UUIDs as the rules store them (lower case), for
 * tables that find by id exactly as SQLite does.
 */
export function storedIdsOf(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => isUuid(id) && id === id.toLowerCase()))];
}
