/** The local engine's consumptions part: reads, upserts and import sessions on the SQLite file. */
import { CarbonError } from "../../core/errors.js";
import type { BuildingInput } from "../../core/model/building.js";
import {
  type ConsumptionUpsertResult,
  consumptionInputSchema,
} from "../../core/model/consumption.js";
import type { ConsumptionsPort, ImportCounts } from "../../core/ports/consumptions.js";
import { parseInput } from "../../core/validate.js";
import {
  getConsumption,
  listConsumptions,
  storedConsumptionIds,
} from "../../rules/consumption-reads.js";
import type { RowRefs } from "../../rules/consumption-writer.js";
import { StoredOverlaps } from "../../rules/overlaps.js";
import type { StoreTransactions } from "../../rules/store.js";
import type { StoredBuilding } from "../../store/sqlite/buildings.js";
import { BulkIndexes } from "../../store/sqlite/bulk-indexes.js";
import { BulkLoad } from "../../store/sqlite/bulk-load.js";
import type { StoredCompany } from "../../store/sqlite/companies.js";
import { SqliteImportTransaction } from "../../store/sqlite/import-transaction.js";
import { LocalImportSession } from "./local-import-session.js";
import type { LocalParts } from "./local-parts.js";
import { summarizeConsumptions } from "./summaries.js";

/** What the part needs of the LocalService that holds it. */
export interface ConsumptionsPartContext {
  readonly parts: LocalParts;
  /** A read after dropping caches another connection's commits made stale. */
  read<T>(fn: () => T): T;
  /** The rules' transactions over the Store port (a write refused during an import session). */
  readonly rules: StoreTransactions;
  /** Database errors translated into CarbonErrors. */
  guard<T>(fn: () => T): T;
  /** `--create-buildings`: the building upsert, in the session's transaction. */
  upsertBuilding(
    input: BuildingInput,
    companyOf: (id: string) => StoredCompany | undefined,
  ): Promise<StoredBuilding>;
  /** Deletes consumptions, audited, inside the current transaction; answers how many. */
  removeConsumptions(ids: readonly string[]): Promise<number>;
  /** The service's open import session: while there is one, it refuses other writes. */
  readonly session: { current: LocalImportSession | undefined };
}

/** Locally an upsert always says what it did and sends the record and its emission back. */
export interface LocalConsumptionsPart extends ConsumptionsPort {
  upsert(
    input: Parameters<ConsumptionsPort["upsert"]>[0],
  ): Promise<Required<ConsumptionUpsertResult>>;
}

export function localConsumptions(context: ConsumptionsPartContext): LocalConsumptionsPart {
  const p = context.parts;
  const directRefs = (): RowRefs => ({
    company: (id) => p.companies.find(id),
    building: (id) => p.buildings.find(id),
  });
  return {
    // One SQLite transaction per import: a rejected row rolls the whole file back.
    importsAtomically: true,
    list: (query) => context.rules.read((t) => listConsumptions(t, query)),
    get: (id) => context.rules.read((t) => getConsumption(t, id)),
    storedIds: (ids) => context.rules.read((t) => storedConsumptionIds(t, ids)),
    async upsert(input) {
      const parsed = parseInput(consumptionInputSchema, input, "consumption");
      return context.rules.write(async (tx) => {
        const { outcomes } = await p.writer.write(tx, [parsed], directRefs(), "");
        const id = parsed.id.toLowerCase();
        return {
          outcome: outcomes[0] ?? "unchanged",
          consumption: p.queries.getConsumption(id),
          emission: p.queries.emissionOf(id),
        };
      });
    },
    async openImport(options) {
      if (context.session.current !== undefined) {
        throw new CarbonError("conflict", "an import session is already open on this connection");
      }
      context.read(() => undefined);
      const overlaps = new StoredOverlaps(p.catalog);
      const session = new LocalImportSession(
        {
          companies: p.companies,
          buildings: p.buildings,
          guard: (fn) => context.guard(fn),
          // Every row of a bulk load is new: the buildings with certificates are settled again.
          transaction: new SqliteImportTransaction(
            p.db,
            new BulkIndexes(p.db, () => p.cover.markCertified()),
            new BulkLoad(p.db),
          ),
          settle: () => p.cover.settle(),
          upsertBuilding: (input, companyOf) => context.upsertBuilding(input, companyOf),
          writeRows: async (rows, refs, bulk): Promise<ImportCounts> =>
            (await p.writer.write(p.tables, rows, refs, "rows.", bulk)).counts,
          overlaps: {
            find: (rows, refs) => overlaps.find(p.tables, rows, refs),
            carried: (records) => overlaps.carried(p.tables, records),
          },
          removeConsumptions: (ids) => context.removeConsumptions(ids),
          batchRolledBack: () => {
            p.calculator.forgetWrites();
            p.refs.invalidate();
          },
          ended: (rolledBack) => {
            context.session.current = undefined;
            if (rolledBack) p.calculator.forgetWrites();
            p.refs.invalidate();
          },
        },
        options,
      );
      context.session.current = session;
      return session;
    },
    summarize: async (query) => context.read(() => summarizeConsumptions(p, query)),
  };
}
