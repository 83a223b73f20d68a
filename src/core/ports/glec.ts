/** The GLEC part of the port: logistics service footprints (docs/glec.md). */
import type { Page, PageQuery } from "../model/common.js";
import type { GlecCalculation, GlecEntry, GlecEntryInput, GlecReceipt } from "../model/glec.js";

/**
 * GLEC entries, all or one company's, by start date then id; `from`/`to` are inclusive days
 * `YYYY-MM-DD`, and an entry matches when its period overlaps them.
 */
export interface GlecFilter {
  readonly companyId?: string;
  readonly from?: string;
  readonly to?: string;
}

export interface GlecQuery extends GlecFilter, PageQuery {}

export interface GlecPort {
  /** Validates, calculates and stores an entry; the same id replaces it (one entry, never two). */
  submit(input: GlecEntryInput): Promise<GlecReceipt>;
  /**
   * A dry run of `submit`: validates and calculates the entry, stores nothing and sends no write
   * (remotely the client calculates with carbon's shipped GLEC factors).
   */
  calculate(input: GlecEntryInput): Promise<GlecCalculation>;
  list(query: GlecQuery): Promise<Page<GlecEntry>>;
  get(id: string): Promise<GlecEntry>;
  /** Deletes an entry and its legs; audited like every deletion. */
  delete(id: string, options?: { readonly actor?: string }): Promise<GlecReceipt>;
}
