/** Consumption dates as both stores keep them (src/store/stored-dates.ts), and in SQLite's SQL. */
export { StoredDates } from "../stored-dates.js";

/** The stored integer of a canonical ISO text column, inside SQL (migration 7). */
export function storedSql(column: string): string {
  return `CAST(round(unixepoch(${column}, 'subsec') * 1000) AS INTEGER)`;
}
