import { goalProgress } from "../../core/goal-progress.js";
import { MAX_PAGE_LIMIT } from "../../core/model/common.js";
import type { DeleteRequest, DeletionResult } from "../../core/model/deletion.js";
import { allPages, type Pagers, servicePagers } from "../../core/paged-lists.js";
import type { EmissionsPort } from "../../core/ports/emissions.js";
import type {
  CarbonService,
  ListFilter,
  ListName,
  ListRow,
  StreamOptions,
} from "../../core/service.js";
import { filterCategories, toCategory, wholeOrPage } from "../../rules/category-tree.js";
import { getComment, listComments, upsertComment } from "../../rules/comments.js";
import { companyOf, upsertCompany } from "../../rules/companies.js";
import { getCustomInput, listCustomInputs, upsertCustomInput } from "../../rules/custom-inputs.js";
import type { DeletionDriver } from "../../rules/deletion-plans.js";
import { deleteRecords } from "../../rules/deletions.js";
import {
  getEffluent,
  listEffluents,
  upsertEffluent,
  writeEffluents,
} from "../../rules/effluents.js";
import { resolveFactor } from "../../rules/factors.js";
import { getGoal, listGoals, upsertGoal } from "../../rules/goals.js";
import { type RecalculationScope, recalculateEmissions } from "../../rules/recalculate.js";
import type { StoreTransaction } from "../../rules/store.js";
import { getTask, listTasks, upsertTask } from "../../rules/tasks.js";
import { localActor } from "../../runtime/local-actor.js";
import { toCompany } from "../../store/stored-records.js";
import { EngineTransactions } from "./engine-transactions.js";
import { LocalAudit } from "./local-audit.js";
import { LocalBuildings } from "./local-buildings.js";
import { localCertificates } from "./local-certificates.js";
import { type LocalConsumptionsPart, localConsumptions } from "./local-consumptions.js";
import { derivationSources, localCustomFactors } from "./local-custom-factors.js";
import { deleteCommand } from "./local-deletions.js";
import { localEmissions } from "./local-emissions.js";
import { localFactors } from "./local-factors.js";
import { LocalGlec } from "./local-glec.js";
import type { LocalImportSession } from "./local-import-session.js";
import { localInvoices } from "./local-invoices.js";
import { localOrganizationLimits } from "./local-organization-limits.js";
import type { LocalParts } from "./local-parts.js";
import { localSuppliers } from "./local-suppliers.js";
import { localUsers } from "./local-users.js";
import { localVehicles } from "./local-vehicles.js";
import { type PlainParts, plainParts } from "./plain-resources.js";
import { recommendInputs } from "./recommended-inputs.js";
import { rolledBackRule } from "./transaction-tools.js";

/** The plain resources' parts (plain-resources.ts), which the constructor assigns. */
export interface LocalService extends PlainParts {}

/**
 * The embedded engine: the rules (src/rules/) on a store (engine-store.ts: one SQLite file, or a
 * PostgreSQL database), the engine's pure functions for factors and emissions. While an import
 * session is open, other writes through this service are refused.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the constructor assigns every part of PlainParts (plainParts answers one per key)
export class LocalService implements CarbonService {
  readonly kind = "local";
  readonly path: string;
  readonly #p: LocalParts;
  /** The open import session: while there is one, other writes are refused. */
  readonly #session: { current: LocalImportSession | undefined } = { current: undefined };
  readonly consumptions: LocalConsumptionsPart;
  readonly emissions: EmissionsPort;
  readonly #tx: EngineTransactions;
  readonly buildings: LocalBuildings;
  readonly factors: CarbonService["factors"];
  readonly customFactors: CarbonService["customFactors"];
  readonly suppliers: CarbonService["suppliers"];

  readonly glec: LocalGlec;
  readonly audit: LocalAudit;
  readonly vehicles: CarbonService["vehicles"];
  readonly comments: CarbonService["comments"];
  readonly goals: CarbonService["goals"];
  readonly certificates: CarbonService["certificates"];
  readonly tasks: CarbonService["tasks"];
  readonly invoices: CarbonService["invoices"];
  readonly effluents: CarbonService["effluents"];
  readonly customInputs: CarbonService["customInputs"];
  readonly organizationLimits: CarbonService["organizationLimits"];
  readonly inputs: CarbonService["inputs"] = {
    // Every resolution of a recommendation in one read: one snapshot, and no transaction each.
    recommended: (query) =>
      this.#tx.rules.read((tx) =>
        recommendInputs(
          {
            categories: this.categories,
            factors: { resolve: (q) => resolveFactor(tx, q, this.#p.resolver) },
          },
          query,
        ),
      ),
  };
  readonly users: CarbonService["users"];

  constructor(parts: LocalParts) {
    this.#p = parts;
    this.path = parts.store.label;
    this.#tx = new EngineTransactions(parts, this.#session);
    const rules = this.#tx.rules;
    // The plain resources' parts, from their own files (plain-resources.ts).
    Object.assign(this, plainParts(rules));
    const recalculate = (tx: StoreTransaction, scope: RecalculationScope) =>
      this.#recalculate(tx, scope);
    const run = { parts, rules, recalculate };
    this.buildings = new LocalBuildings({
      rules,
      recalculate,
      forget: () => parts.store.forget(),
    });
    this.glec = new LocalGlec(rules);
    this.audit = new LocalAudit(rules);
    this.factors = localFactors(rules, parts.resolver, run);
    this.customFactors = localCustomFactors({
      rules,
      catalog: parts.store.catalog,
      recalculate,
      run,
    });
    this.suppliers = localSuppliers(rules);
    this.vehicles = localVehicles(rules);
    this.comments = {
      list: (query) => rules.read((t) => listComments(t, query)),
      get: (id) => rules.read((t) => getComment(t, id)),
      upsert: (input, as) =>
        rules.write((t) => upsertComment(t, input, as?.author ?? localActor())),
    };
    this.goals = {
      list: (query) => rules.read((t) => listGoals(t, query)),
      get: (id) => rules.read((t) => getGoal(t, id)),
      upsert: (input) => rules.write((t) => upsertGoal(t, input)),
      progress: async (id) => goalProgress(this, id),
    };
    this.certificates = localCertificates(rules);
    this.tasks = {
      list: (query) => rules.read((t) => listTasks(t, query)),
      get: (id) => rules.read((t) => getTask(t, id)),
      upsert: (input) => rules.write((t) => upsertTask(t, input)),
    };
    this.effluents = {
      list: (query) => rules.read((t) => listEffluents(t, query)),
      get: (id) => rules.read((t) => getEffluent(t, id)),
      upsert: (input) => rules.write((t) => upsertEffluent(t, input)),
      // One transaction: a refused record stores none of them.
      write: (inputs) => rules.write((t) => writeEffluents(t, inputs)),
      writesAtomically: true,
    };
    this.users = localUsers(rules);
    this.invoices = localInvoices(rules, {
      writer: parts.writer,
      removeConsumptions: (tx, ids) => this.#removeConsumptions(tx, ids),
    });
    this.consumptions = localConsumptions({
      parts,
      rules,
      upsertBuilding: (tx, input, companyOf) => this.buildings.store(tx, input, companyOf),
      removeConsumptions: (tx, ids) => this.#removeConsumptions(tx, ids),
      session: this.#session,
    });
    this.emissions = localEmissions(run);
    this.organizationLimits = localOrganizationLimits(rules, this);
    // An input's factor changing redoes the emissions of the consumptions naming it.
    const customInputDriver = { recalculate };
    this.customInputs = {
      list: (query) => rules.read((t) => listCustomInputs(t, query)),
      get: (id) => rules.read((t) => getCustomInput(t, id)),
      upsert: (input) => rules.write((t) => upsertCustomInput(t, input, customInputDriver)),
    };
  }

  async close(): Promise<void> {
    if (this.#session.current !== undefined) await this.#session.current.abort();
    await this.#p.store.close();
  }

  readonly companies: CarbonService["companies"] = {
    list: (query) => this.#tx.rules.read(async (t) => t.companies.list(query)),
    get: (id) => this.#tx.rules.read(async (t) => toCompany(await companyOf(t, id))),
    // A change of country recalculates, with the driver's calculator, what follows it.
    upsert: (input) =>
      this.#tx.rules.write(async (t) => {
        const driver = {
          recalculate: (tx: StoreTransaction, scope: RecalculationScope) =>
            this.#recalculate(tx, scope),
        };
        return toCompany((await upsertCompany(t, input, driver)).company);
      }),
  };

  /** Recalculates a scope's stored emissions in the transaction `tx`; answers how many. */
  #recalculate(tx: StoreTransaction, scope: RecalculationScope): Promise<number> {
    this.#p.calculator.invalidate();
    return recalculateEmissions(tx, this.#p.store.catalog, this.#p.calculator, scope);
  }

  readonly categories: CarbonService["categories"] = {
    list: async (query) =>
      wholeOrPage(filterCategories(this.#p.store.catalog, query).map(toCategory), query),
  };

  /** Throws when the database does not answer a trivial read. */
  async health(): Promise<void> {
    await this.#p.store.ping();
  }

  /** The local engine is no server: it announces no instance. */
  async serverInstanceId(): Promise<string | undefined> {
    return undefined;
  }

  // --- deletions (src/rules/deletions.ts, local-deletions.ts, docs/deleting.md) ---

  /** What the deletion rule asks of the driver: recalculating. */
  #deletionDriver(): DeletionDriver {
    return {
      sourcesOf: derivationSources(this.#p.store.catalog),
      recalculate: (tx, scope) => this.#recalculate(tx, scope),
    };
  }

  /** Deletes consumptions, audited, in the transaction `tx`; answers how many. */
  async #removeConsumptions(tx: StoreTransaction, ids: readonly string[]): Promise<number> {
    const command = deleteCommand({ resource: "consumption", ids });
    const result = await deleteRecords(tx, command, this.#deletionDriver());
    return result.deleted.length;
  }

  /** One transaction of the rules; a dry run runs it and rolls it back. */
  async deleteRecords(request: DeleteRequest): Promise<DeletionResult> {
    const command = deleteCommand(request);
    const driver = this.#deletionDriver();
    const run = async (t: StoreTransaction) => {
      const result = await deleteRecords(t, command, driver);
      // A deleted building's ref may be reused by the next one created.
      this.#p.store.forget();
      return result;
    };
    if (!command.dryRun) return this.#tx.rules.write(run);
    return rolledBackRule(this.#tx.rules, run);
  }

  #pagers: Pagers | undefined;

  /** A list's pages, each read on its own: the store's cursor, else pages of the list. */
  streamList<K extends ListName>(
    list: K,
    filter: ListFilter<K>,
    options: StreamOptions = {},
  ): AsyncIterable<readonly ListRow<K>[]> {
    const own = this.#p.store.streamList(list, filter, options);
    if (own !== undefined) return own;
    this.#pagers ??= servicePagers(this);
    const pager: Pagers[K] = this.#pagers[list];
    return allPages((window) => pager(filter, window), options.pageSize ?? MAX_PAGE_LIMIT);
  }
}
