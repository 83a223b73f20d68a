/** `2024-01` … `2024-12`: every month of a year, so a dashboard shows the empty ones too. */
export function monthsOfYear(year: number): string[] {
  const prefix = String(year).padStart(4, "0");
  return Array.from(
    { length: 12 },
    (_, index) => `${prefix}-${String(index + 1).padStart(2, "0")}`,
  );
}

/** The months to show: the whole year when one was asked for, else the months that have data. */
export function dashboardMonths(year: number | undefined, present: Iterable<string>): string[] {
  if (year !== undefined) return monthsOfYear(year);
  return [...new Set(present)].sort();
}

/** Text width as a terminal shows it (the block characters of bars are one cell each). */
export function cellWidth(text: string): number {
  let widest = 0;
  for (const line of text.split("\n")) widest = Math.max(widest, [...line].length);
  return widest;
}
