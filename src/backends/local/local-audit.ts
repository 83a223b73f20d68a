/** The audit part of the local engine: the audit log read inside the service's reads. */
import type { AuditRecord } from "../../core/model/audit.js";
import type { Page } from "../../core/model/common.js";
import type { AuditPort, AuditQuery } from "../../core/ports/audit.js";
import type { AuditLog } from "../../store/sqlite/audit.js";
import type { Transactions } from "./transaction-tools.js";

export class LocalAudit implements AuditPort {
  readonly #log: AuditLog;
  readonly #tx: Pick<Transactions, "read">;

  constructor(log: AuditLog, tx: Pick<Transactions, "read">) {
    this.#log = log;
    this.#tx = tx;
  }

  async list(query: AuditQuery): Promise<Page<AuditRecord>> {
    return this.#tx.read(() => this.#log.list(query));
  }
}
