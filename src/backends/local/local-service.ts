import { goalProgress } from "../../core/goal-progress.js";
import type { DeleteRequest, DeletionResult } from "../../core/model/deletion.js";
import type { EmissionsPort } from "../../core/ports/emissions.js";
import type {
  CarbonService,
  ListFilter,
  ListName,
  ListRow,
  StreamOptions,
} from "../../core/service.js";
import { getComment, listComments, upsertComment } from "../../rules/comments.js";
import { upsertCompany } from "../../rules/companies.js";
import { getCustomInput, listCustomInputs, upsertCustomInput } from "../../rules/custom-inputs.js";
import type { DeletionDriver } from "../../rules/deletion-plans.js";
import { deleteRecords } from "../../rules/deletions.js";
import {
  getEffluent,
  listEffluents,
  upsertEffluent,
  writeEffluents,
} from "../../rules/effluents.js";
import { getGoal, listGoals, upsertGoal } from "../../rules/goals.js";
import { type RecalculationScope, recalculateEmissions } from "../../rules/recalculate.js";
import type { StoreTransaction } from "../../rules/store.js";
import { getTask, listTasks, upsertTask } from "../../rules/tasks.js";
import { localActor } from "../../runtime/local-actor.js";
import { toCategory, wholeOrPage } from "../../store/sqlite/categories.js";
import type { CertificateRepository } from "../../store/sqlite/certificates.js";
import type { CommentRepository } from "../../store/sqlite/comments.js";
import { toCompany } from "../../store/sqlite/companies.js";
import type { CustomInputRepository } from "../../store/sqlite/custom-inputs.js";
import type { EffluentRepository } from "../../store/sqlite/effluents.js";
import type { GoalRepository } from "../../store/sqlite/goals.js";
import { KeysetReader } from "../../store/sqlite/keyset.js";
import type { OrganizationLimitRepository } from "../../store/sqlite/organization-limits.js";
import type { TaskRepository } from "../../store/sqlite/tasks.js";
import type { VehicleRepository } from "../../store/sqlite/vehicles.js";
import { EngineTransactions } from "./engine-transactions.js";
import { LocalAudit } from "./local-audit.js";
import { LocalBuildings } from "./local-buildings.js";
import { localCertificates } from "./local-certificates.js";
import { type LocalConsumptionsPart, localConsumptions } from "./local-consumptions.js";
import { derivationSources, localCustomFactors } from "./local-custom-factors.js";
import { deleteCommand, findConsumptions } from "./local-deletions.js";
import { localEmissions } from "./local-emissions.js";
import { localFactors } from "./local-factors.js";
import { LocalGlec } from "./local-glec.js";
import type { LocalImportSession } from "./local-import-session.js";
import { localInvoices } from "./local-invoices.js";
import { localOrganizationLimits } from "./local-organization-limits.js";
import type { LocalParts } from "./local-parts.js";
import { type ListReaders, listReaders, streamPages } from "./local-streams.js";
import { localSuppliers } from "./local-suppliers.js";
import { localUsers } from "./local-users.js";
import { localVehicles } from "./local-vehicles.js";
import { type PlainParts, plainParts } from "./plain-resources.js";
import { recommendInputs } from "./recommended-inputs.js";
import { rolledBackRule } from "./transaction-tools.js";

/** The plain resources' parts (plain-resources.ts), which the constructor assigns. */
export interface LocalService extends PlainParts {}

/**
 * The embedded engine: one SQLite file, the engine's pure functions for factors and emissions.
 * Calls are synchronous underneath (better-sqlite3); the promises are the port's shape.
 * While an import session is open, other writes through this service are refused.
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
  readonly #comments: CommentRepository;
  readonly #vehicles: VehicleRepository;
  readonly vehicles: CarbonService["vehicles"];
  readonly comments: CarbonService["comments"];
  readonly #goals: GoalRepository;
  readonly #tasks: TaskRepository;
  readonly goals: CarbonService["goals"];
  readonly #certificates: CertificateRepository;
  readonly certificates: CarbonService["certificates"];
  readonly tasks: CarbonService["tasks"];
  readonly invoices: CarbonService["invoices"];
  readonly #effluents: EffluentRepository;
  readonly effluents: CarbonService["effluents"];
  readonly #organizationLimits: OrganizationLimitRepository;
  readonly #customInputs: CustomInputRepository;
  readonly customInputs: CarbonService["customInputs"];
  readonly organizationLimits: CarbonService["organizationLimits"];
  readonly inputs: CarbonService["inputs"] = {
    recommended: (query) => recommendInputs(this, query),
  };
  readonly users: CarbonService["users"];

  constructor(parts: LocalParts) {
    this.#p = parts;
    this.path = parts.path;
    this.#tx = new EngineTransactions(parts, this.#session, {
      tables: parts.tables,
      transactions: parts.transactions,
    });
    const rules = this.#tx.rules;
    // The plain resources' parts, from their own files (plain-resources.ts).
    Object.assign(this, plainParts(rules));
    this.buildings = new LocalBuildings({
      ...parts,
      rules,
      recalculate: (scope) => this.#recalculate(scope),
    });
    const tx = { read: <T>(fn: () => T) => this.#tx.read(fn) };
    this.glec = new LocalGlec(rules);
    this.audit = new LocalAudit(parts.audit, tx);
    this.factors = localFactors(rules, parts.factors, {
      parts,
      rules,
      recalculate: (scope) => this.#recalculate(scope),
    });
    this.customFactors = localCustomFactors({
      rules,
      catalog: parts.catalog,
      recalculate: (scope) => this.#recalculate(scope),
      run: {
        parts,
        rules,
        recalculate: (scope) => this.#recalculate(scope),
      },
    });
    this.suppliers = localSuppliers(rules);
    this.#vehicles = parts.tables.vehicles;
    this.vehicles = localVehicles(rules);
    this.#comments = parts.tables.comments;
    this.comments = {
      list: (query) => rules.read((t) => listComments(t, query)),
      get: (id) => rules.read((t) => getComment(t, id)),
      upsert: (input, as) =>
        rules.write((t) => upsertComment(t, input, as?.author ?? localActor())),
    };
    this.#goals = parts.tables.goals;
    this.#tasks = parts.tables.tasks;
    this.goals = {
      list: (query) => rules.read((t) => listGoals(t, query)),
      get: (id) => rules.read((t) => getGoal(t, id)),
      upsert: (input) => rules.write((t) => upsertGoal(t, input)),
      progress: async (id) => goalProgress(this, id),
    };
    this.#certificates = parts.tables.certificates;
    this.certificates = localCertificates(parts, rules);
    this.tasks = {
      list: (query) => rules.read((t) => listTasks(t, query)),
      get: (id) => rules.read((t) => getTask(t, id)),
      upsert: (input) => rules.write((t) => upsertTask(t, input)),
    };
    this.#effluents = parts.tables.effluents;
    this.effluents = {
      list: (query) => rules.read((t) => listEffluents(t, query)),
      get: (id) => rules.read((t) => getEffluent(t, id)),
      upsert: (input) => rules.write((t) => upsertEffluent(t, input)),
      // One transaction: a refused record stores none of them.
      write: (inputs) => rules.write((t) => writeEffluents(t, inputs)),
      writesAtomically: true,
    };
    this.users = localUsers(rules);
    const read = <T>(fn: () => T): T => this.#tx.read(fn);
    const guard = <T>(fn: () => T): T => this.#tx.guard(fn);
    this.invoices = localInvoices(rules, {
      ...parts,
      removeConsumptions: (ids) => this.#removeConsumptions(ids),
    });
    this.consumptions = localConsumptions({
      parts,
      rules,
      read,
      guard,
      upsertBuilding: (input, companyOf) => this.buildings.store(input, companyOf),
      removeConsumptions: (ids) => this.#removeConsumptions(ids),
      session: this.#session,
    });
    this.emissions = localEmissions({
      parts,
      rules,
      read,
      guard,
      recalculate: (scope) => this.#recalculate(scope),
    });
    this.#organizationLimits = parts.tables.organizationLimits;
    this.organizationLimits = localOrganizationLimits(rules, this);
    this.#customInputs = parts.tables.customInputs;
    // An input's factor changing redoes the emissions of the consumptions naming it.
    const customInputDriver = {
      recalculate: (scope: RecalculationScope) => this.#recalculate(scope),
    };
    this.customInputs = {
      list: (query) => rules.read((t) => listCustomInputs(t, query)),
      get: (id) => rules.read((t) => getCustomInput(t, id)),
      upsert: (input) => rules.write((t) => upsertCustomInput(t, input, customInputDriver)),
    };
  }

  async close(): Promise<void> {
    if (this.#session.current !== undefined) await this.#session.current.abort();
    if (this.#p.db.open) this.#p.db.close();
  }

  readonly companies: CarbonService["companies"] = {
    list: async (query) => this.#tx.guard(() => this.#p.companies.list(query)),
    get: async (id) => this.#tx.guard(() => toCompany(this.#p.companies.get(id))),
    // A change of country recalculates, with the driver's calculator, what follows it.
    upsert: (input) =>
      this.#tx.rules.write(async (t) => {
        const driver = { recalculate: (scope: RecalculationScope) => this.#recalculate(scope) };
        return toCompany((await upsertCompany(t, input, driver)).company);
      }),
  };

  /** Recalculates a scope's stored emissions in the caller's transaction; answers how many. */
  #recalculate(scope: RecalculationScope): Promise<number> {
    this.#p.calculator.invalidate();
    return recalculateEmissions(this.#p.tables, this.#p.catalog, this.#p.calculator, scope);
  }

  readonly categories: CarbonService["categories"] = {
    list: async (query) => wholeOrPage(this.#p.catalog.filtered(query).map(toCategory), query),
  };

  /** The local engine is no server: it announces no instance. */
  async serverInstanceId(): Promise<string | undefined> {
    return undefined;
  }

  // --- deletions (src/rules/deletions.ts, local-deletions.ts, docs/deleting.md) ---

  /** What the deletion rule asks of the driver: reading consumptions, recalculating. */
  #deletionDriver(): DeletionDriver {
    return {
      consumptions: (ids) => findConsumptions(this.#p.queries, ids),
      sourcesOf: derivationSources(this.#p.catalog),
      recalculate: (scope) => this.#recalculate(scope),
    };
  }

  /** Deletes consumptions, audited, in the caller's transaction; answers how many went. */
  async #removeConsumptions(ids: readonly string[]): Promise<number> {
    const command = deleteCommand({ resource: "consumption", ids });
    const result = await deleteRecords(this.#p.tables, command, this.#deletionDriver());
    return result.deleted.length;
  }

  /** One transaction of the rules; a dry run runs it and rolls it back. */
  async deleteRecords(request: DeleteRequest): Promise<DeletionResult> {
    const command = deleteCommand(request);
    const driver = this.#deletionDriver();
    const run = async (t: StoreTransaction) => {
      const result = await deleteRecords(t, command, driver);
      // A deleted building's ref may be reused by the next one created.
      this.#p.refs.invalidate();
      return result;
    };
    if (!command.dryRun) return this.#tx.rules.write(run);
    return rolledBackRule(this.#tx.rules, run);
  }

  // --- audit trail (docs/buildings-move.md) ---

  #listReaders: ListReaders | undefined;

  /** Keyset pages, each read on its own (streams.ts). */
  streamList<K extends ListName>(
    list: K,
    filter: ListFilter<K>,
    options: StreamOptions = {},
  ): AsyncIterable<readonly ListRow<K>[]> {
    this.#listReaders ??= listReaders({
      ...this.#p,
      reader: new KeysetReader(this.#p.db),
      suppliers: () => this.#p.tables.suppliers,
      comments: this.#comments,
      vehicles: this.#vehicles,
      goals: this.#goals,
      tasks: this.#tasks,
      invoices: this.#p.tables.invoices,
      effluents: this.#effluents,
      certificates: this.#certificates,
      organizationLimits: this.#organizationLimits,
      customInputs: this.#customInputs,
      users: this.#p.tables.users,
    });
    return streamPages(this.#listReaders, list, filter, options, (fn) => this.#tx.read(fn));
  }
}
