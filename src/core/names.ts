/**
 * How names are compared wherever one stands for a record (building names unique per company, a
 * name typed where an id is expected, a building cell of a CSV import): the same letters in NFC,
 * without surrounding white space, runs of white space as one space, case ignored.
 */
export function nameKey(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}
