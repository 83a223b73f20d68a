/** The audit part of the port: buildings moved and records deleted, newest first. */
import type { AuditRecord } from "../model/audit.js";
import type { Page } from "../model/common.js";

/** Newest first. */
export interface AuditQuery {
  /** Records whose company (source or target of a move) is any of these. */
  readonly companyIds?: readonly string[];
  readonly buildingId?: string;
  readonly page?: number;
  readonly limit?: number;
}

export interface AuditPort {
  list(query: AuditQuery): Promise<Page<AuditRecord>>;
}
