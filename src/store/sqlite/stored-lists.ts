import { listOf } from "../stored-values.js";

/** A JSON array column read back (stored-values.ts says how). */
export function storedList<T>(text: string, keep: (value: unknown) => value is T): T[] {
  return listOf(JSON.parse(text), keep);
}
