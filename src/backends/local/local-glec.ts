/** The GLEC part of the local engine: the rules (src/rules/glec.ts) in the port's transactions. */
import type { Page } from "../../core/model/common.js";
import type {
  GlecCalculation,
  GlecEntry,
  GlecEntryInput,
  GlecReceipt,
} from "../../core/model/glec.js";
import type { GlecPort, GlecQuery } from "../../core/ports/glec.js";
import {
  calculateGlecEntry,
  deleteGlecEntry,
  getGlecEntry,
  listGlecEntries,
  submitGlecEntry,
} from "../../rules/glec.js";
import type { StoreTransactions } from "../../rules/store.js";
import { localActor } from "../../runtime/local-actor.js";
import { shippedGlecFactors } from "../../shipped/glec-factors.js";
import type { AuditLog } from "../../store/sqlite/audit.js";
import { glecDeletion } from "./deletions.js";

export class LocalGlec implements GlecPort {
  readonly #audit: AuditLog;
  readonly #rules: StoreTransactions;

  constructor(audit: AuditLog, rules: StoreTransactions) {
    this.#audit = audit;
    this.#rules = rules;
  }

  async submit(input: GlecEntryInput): Promise<GlecReceipt> {
    return this.#rules.write((tx) => submitGlecEntry(tx, input, shippedGlecFactors()));
  }

  async calculate(input: GlecEntryInput): Promise<GlecCalculation> {
    return calculateGlecEntry(input, shippedGlecFactors());
  }

  async list(query: GlecQuery): Promise<Page<GlecEntry>> {
    return this.#rules.read((tx) => listGlecEntries(tx, query));
  }

  async get(id: string): Promise<GlecEntry> {
    return this.#rules.read((tx) => getGlecEntry(tx, id));
  }

  async delete(id: string, options: { readonly actor?: string } = {}): Promise<GlecReceipt> {
    return this.#rules.write(async (tx) => {
      const { receipt, entry } = await deleteGlecEntry(tx, id);
      this.#audit.appendDeletion(glecDeletion(entry, options.actor ?? localActor()));
      return receipt;
    });
  }
}
