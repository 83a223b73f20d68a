/**
 * Suppliers and clients over HTTP (docs/suppliers.md). A batch (an import) is sent as one
 * `POST /suppliers` per row, `concurrency` in flight, through the client's retries (safe: every
 * row is an upsert by its id). Unless the rows are stored whatever happens (`skipInvalid`), the
 * batch is first sent as a dry run (`?dryRun=true`): a row the server refuses (unknown company,
 * conflicting id or externalId) then stops the batch before anything is stored.
 */
import {
  type SupplierBatchResult,
  type SupplierInput,
  type SupplierRowProblem,
  type SupplierUpsertResult,
  supplierAnswerSchema,
  supplierUpsertAnswerSchema,
} from "../../core/model/supplier.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { CarbonService } from "../../core/service.js";
import { isSupplierRowError, supplierRowProblems } from "../../core/supplier-problems.js";
import type { HttpClient } from "./client.js";
import { runLimited } from "./limiter.js";
import { presentRecord } from "./resource-client.js";

type SupplierMethods = Pick<CarbonService, "listSuppliers" | "upsertSupplier" | "writeSuppliers">;

export function remoteSuppliers(client: HttpClient, concurrency: number): SupplierMethods {
  const upsert = (input: SupplierInput, dryRun: boolean): Promise<SupplierUpsertResult> =>
    client.request("POST", "/suppliers", {
      schema: supplierUpsertAnswerSchema,
      // The specification types email and address as strings: an absent one is left out.
      body: presentRecord(input),
      ...(dryRun ? { query: { dryRun: true } } : {}),
    });

  async function send(
    inputs: readonly SupplierInput[],
    dryRun: boolean,
  ): Promise<Omit<SupplierBatchResult, "committed">> {
    const results: (SupplierUpsertResult | undefined)[] = inputs.map(() => undefined);
    const problems: SupplierRowProblem[] = [];
    await runLimited(inputs.keys(), concurrency, async (index) => {
      const input = inputs[index];
      if (input === undefined) return;
      try {
        results[index] = await upsert(input, dryRun);
      } catch (error) {
        if (!isSupplierRowError(error)) throw error;
        problems.push(...supplierRowProblems(index, error));
      }
    });
    problems.sort((a, b) => a.index - b.index);
    return { results, problems };
  }

  return {
    listSuppliers: (query) =>
      client.request("GET", "/suppliers", {
        schema: answerPageSchema(supplierAnswerSchema),
        query: {
          companyId: query.companyId,
          type: query.type,
          page: query.page,
          limit: query.limit,
        },
      }),
    upsertSupplier: (input, options = {}) => upsert(input, options.dryRun === true),
    async writeSuppliers(inputs, options) {
      if (!options.dryRun && !options.skipInvalid) {
        const check = await send(inputs, true);
        if (check.problems.length > 0) return { ...check, committed: false };
      }
      const sent = await send(inputs, options.dryRun);
      return { ...sent, committed: !options.dryRun };
    },
  };
}
