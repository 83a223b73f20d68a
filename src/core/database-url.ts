/**
 * How a database is named (`--db`, CARBON_DB, a profile's db): a SQLite file's path, or a
 * PostgreSQL URL. Shared by the CLI (which must not resolve a URL as a path, nor print its
 * password) and the stores.
 */

/** True for `postgres://…` and `postgresql://…`, the URLs libpq and psql take. */
export function isPostgresUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//i.test(text.trim());
}

/** The URL with its password, if any, replaced by `***` (also for a URL that does not parse). */
export function redactedUrl(text: string): string {
  return text.trim().replace(/^(postgres(?:ql)?:\/\/[^:@/?#]*):[^@/?#]*@/i, "$1:***@");
}
