/**
 * Ids are `uuid` columns here, where SQLite keeps text: a string that is no UUID finds nothing
 * (SQLite's answer) instead of failing the statement.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** The UUIDs among `ids`, each once. */
export function uuidsOf(ids: readonly string[]): string[] {
  return [...new Set(ids.filter(isUuid))];
}
