/** The invoices part of the port: the plain resource's verbs, plus many invoices at once (imports). */
import type { Invoice, InvoiceInput } from "../model/invoice.js";
import type { PortOf } from "../resource-types.js";

export interface InvoiceBatchOptions {
  /** Check everything and answer what would be stored; store nothing. */
  readonly dryRun: boolean;
}

export interface InvoiceBatchResult {
  /** Stored (or, in a dry run, checked): one per input, in order; undefined when not known. */
  readonly invoices: readonly (Invoice | undefined)[];
  /** How many of the inputs were new; undefined when the engine cannot tell. */
  readonly inserted: number | undefined;
  readonly committed: boolean;
}

export interface InvoicesPort extends PortOf<"invoices"> {
  /**
   * Many upserts (an import). Locally one transaction: a refused invoice stores none of them
   * (its error's issue paths start with `<index>.`). Remotely one upsert each, in order, after
   * every input was checked; a dry run sends nothing.
   */
  write(inputs: readonly InvoiceInput[], options: InvoiceBatchOptions): Promise<InvoiceBatchResult>;
}
