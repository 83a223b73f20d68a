/** The audit part of the local engine: the audit trail read in the rules' transactions. */
import type { AuditRecord } from "../../core/model/audit.js";
import type { Page } from "../../core/model/common.js";
import type { AuditPort, AuditQuery } from "../../core/ports/audit.js";
import type { StoreTransactions } from "../../rules/store.js";

export class LocalAudit implements AuditPort {
  readonly #rules: StoreTransactions;

  constructor(rules: StoreTransactions) {
    this.#rules = rules;
  }

  async list(query: AuditQuery): Promise<Page<AuditRecord>> {
    return this.#rules.read(async (t) => t.audit.list(query));
  }
}
