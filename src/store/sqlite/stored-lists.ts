/**
 * A JSON array column read back: the entries `keep` accepts. The columns hold only arrays the
 * repositories wrote from parsed input, so nothing is dropped in practice; anything else reads
 * as empty rather than failing a whole listing.
 */
export function storedList<T>(text: string, keep: (value: unknown) => value is T): T[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter(keep) : [];
}
