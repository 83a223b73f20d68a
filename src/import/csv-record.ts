/** What a CSV reader gives: records with the line where each starts, and the one error of form. */

export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

export type LineEnding = "\n" | "\r\n" | "\r";

export class CsvSyntaxError extends Error {
  readonly line: number;

  constructor(line: number, message: string) {
    super(message);
    this.name = "CsvSyntaxError";
    this.line = line;
  }
}
