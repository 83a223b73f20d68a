/** The local engine's consumptions part: reads, upserts and import sessions on its store. */
import { CarbonError } from "../../core/errors.js";
import type { BuildingInput } from "../../core/model/building.js";
import {
  type ConsumptionUpsertResult,
  consumptionInputSchema,
} from "../../core/model/consumption.js";
import type { ConsumptionsPort, ImportCounts } from "../../core/ports/consumptions.js";
import { parseInput } from "../../core/validate.js";
import { settleCertificateCover } from "../../rules/certificate-cover.js";
import {
  getConsumption,
  getConsumptionAndEmission,
  listConsumptions,
  storedConsumptionIds,
} from "../../rules/consumption-reads.js";
import { StoredOverlaps } from "../../rules/overlaps.js";
import type {
  StoredBuilding,
  StoredCompany,
  StoreTransaction,
  StoreTransactions,
} from "../../rules/store.js";
import { LocalImportSession } from "./local-import-session.js";
import type { LocalParts } from "./local-parts.js";
import { summarizeConsumptions } from "./summaries.js";

/** What the part needs of the LocalService that holds it. */
export interface ConsumptionsPartContext {
  readonly parts: LocalParts;
  /** The rules' transactions over the Store port (a write refused during an import session). */
  readonly rules: StoreTransactions;
  /** `--create-buildings`: the building upsert, in the session's transaction. */
  upsertBuilding(
    tx: StoreTransaction,
    input: BuildingInput,
    companyOf: (id: string) => StoredCompany | undefined,
  ): Promise<StoredBuilding>;
  /** Deletes consumptions, audited, inside the transaction `tx`; answers how many. */
  removeConsumptions(tx: StoreTransaction, ids: readonly string[]): Promise<number>;
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
  const { store } = p;
  return {
    // One transaction per import: a rejected row rolls the whole file back.
    importsAtomically: true,
    list: (query) => context.rules.read((t) => listConsumptions(t, query)),
    get: (id) => context.rules.read((t) => getConsumption(t, id)),
    storedIds: (ids) => context.rules.read((t) => storedConsumptionIds(t, ids)),
    async upsert(input) {
      const parsed = parseInput(consumptionInputSchema, input, "consumption");
      return context.rules.write(async (tx) => {
        const company = await tx.companies.find(parsed.companyId);
        const building = await tx.buildings.find(parsed.buildingId);
        const refs = {
          company: (id: string) => (id.toLowerCase() === company?.id ? company : undefined),
          building: (id: string) => (id.toLowerCase() === building?.id ? building : undefined),
        };
        const { outcomes } = await p.writer.write(tx, [parsed], refs, "");
        const id = parsed.id.toLowerCase();
        return {
          outcome: outcomes[0] ?? "unchanged",
          ...(await getConsumptionAndEmission(tx, id)),
        };
      });
    },
    async openImport(options) {
      if (context.session.current !== undefined) {
        throw new CarbonError("conflict", "an import session is already open on this connection");
      }
      // What another connection committed since the last call is seen from here on.
      await context.rules.read(async () => undefined);
      // What the session prices with is read again in its transaction.
      p.calculator.invalidate();
      const overlaps = new StoredOverlaps(store.catalog);
      const session = await LocalImportSession.open(
        {
          translate: (error) => store.translate(error),
          transaction: store.importTransaction(),
          settle: (tx) => settleCertificateCover(tx.certificateCover),
          upsertBuilding: (tx, input, companyOf) => context.upsertBuilding(tx, input, companyOf),
          writeRows: async (tx, rows, refs, bulk): Promise<ImportCounts> =>
            (await p.writer.write(tx, rows, refs, "rows.", bulk)).counts,
          overlaps: {
            find: (tx, rows, refs) => overlaps.find(tx, rows, refs),
            carried: (tx, records) => overlaps.carried(tx, records),
          },
          removeConsumptions: (tx, ids) => context.removeConsumptions(tx, ids),
          batchRolledBack: () => {
            p.calculator.forgetWrites();
            store.forget();
          },
          ended: (rolledBack) => {
            context.session.current = undefined;
            if (rolledBack) p.calculator.forgetWrites();
            store.forget();
          },
        },
        options,
      );
      context.session.current = session;
      return session;
    },
    summarize: (query) => context.rules.read((tx) => summarizeConsumptions(store, tx, query)),
  };
}
