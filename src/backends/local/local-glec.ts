/** The GLEC part of the local engine: the rules (src/rules/glec.ts) in the port's transactions. */
import type { Page } from "../../core/model/common.js";
import type {
  GlecCalculation,
  GlecEntry,
  GlecEntryInput,
  GlecReceipt,
} from "../../core/model/glec.js";
import type { GlecPort, GlecQuery } from "../../core/ports/glec.js";
import { glecDeletion } from "../../rules/deletions.js";
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

export class LocalGlec implements GlecPort {
  readonly #rules: StoreTransactions;

  constructor(rules: StoreTransactions) {
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
      await tx.audit.appendDeletions([glecDeletion(entry, options.actor ?? localActor())]);
      return receipt;
    });
  }
}
