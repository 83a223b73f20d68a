/** One problem with one row of an imported file. */
export interface RowError {
  /** 1-based line where the record starts in the file (the header is line 1). */
  readonly line: number;
  /**
   * The column as written in the file's header (`start_date` if the file says so), a flag
   * (`--company`, `--building`) when the value came from one, or "" when the problem is the
   * row as a whole (a wrong number of fields, malformed quoting).
   */
  readonly column: string;
  readonly message: string;
}

export interface ImportProgress {
  readonly rowsRead: number;
  readonly bytesRead: number;
  readonly totalBytes: number;
  /**
   * Imports against a server only: after the whole file was validated, the rows sent, the rows
   * the server confirmed, and how many there are to send in all.
   */
  readonly sending?: {
    readonly sent: number;
    readonly confirmed: number;
    readonly total: number;
  };
}
