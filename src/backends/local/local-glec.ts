/** The GLEC part of the local engine: the repository inside the service's transactions. */
import type { Page } from "../../core/model/common.js";
import type {
  GlecCalculation,
  GlecEntry,
  GlecEntryInput,
  GlecReceipt,
} from "../../core/model/glec.js";
import type { GlecPort, GlecQuery } from "../../core/ports/glec.js";
import { localActor } from "../../runtime/local-actor.js";
import { shippedGlecFactors } from "../../shipped/glec-factors.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { AuditLog } from "./audit.js";
import { glecDeletion } from "./deletions.js";
import { GlecRepository } from "./glec.js";
import type { Transactions } from "./transaction-tools.js";

export class LocalGlec implements GlecPort {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #audit: AuditLog;
  readonly #tx: Transactions;
  #repo: GlecRepository | undefined;

  constructor(db: Db, companies: CompanyRepository, audit: AuditLog, tx: Transactions) {
    this.#db = db;
    this.#companies = companies;
    this.#audit = audit;
    this.#tx = tx;
  }

  /** Made on first use: its statements are prepared only when GLEC is used. */
  repository(): GlecRepository {
    this.#repo ??= new GlecRepository(this.#db, this.#companies, shippedGlecFactors);
    return this.#repo;
  }

  async submit(input: GlecEntryInput): Promise<GlecReceipt> {
    return this.#tx.write(() => this.repository().submit(input));
  }

  async calculate(input: GlecEntryInput): Promise<GlecCalculation> {
    return this.#tx.read(() => this.repository().calculate(input));
  }

  async list(query: GlecQuery): Promise<Page<GlecEntry>> {
    return this.#tx.read(() => this.repository().list(query));
  }

  async get(id: string): Promise<GlecEntry> {
    return this.#tx.read(() => this.repository().get(id));
  }

  async delete(id: string, options: { readonly actor?: string } = {}): Promise<GlecReceipt> {
    return this.#tx.write(() => {
      const entry = this.repository().get(id);
      const receipt = this.repository().delete(id);
      this.#audit.appendDeletion(glecDeletion(entry, options.actor ?? localActor()));
      return receipt;
    });
  }
}
