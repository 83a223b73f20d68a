/**
 * Suppliers and clients over HTTP (docs/suppliers.md). List and get come from the descriptor
 * (resource-client.ts); an upsert answers the spec's `{id, name, email}`. A batch (an import) is
 * sent as one `POST /suppliers` per row, `concurrency` in flight, through the client's retries
 * (safe: every row is an upsert by its id). Unless the rows are stored whatever happens
 * (`skipInvalid`), the batch is first sent as a dry run (`?dryRun=true`): a row the server
 * refuses (unknown company, conflicting id or externalId) then stops the batch before anything
 * is stored. `?dryRun=true` goes only to a server announcing `dryRun`: one that ignored it would
 * store what a dry run (or an import's check before storing) promised not to.
 */
import { DRY_RUN_EXTENSION } from "../../core/extensions.js";
import {
  type SupplierBatchResult,
  type SupplierInput,
  type SupplierRowProblem,
  type SupplierUpsertResult,
  supplierUpsertAnswerSchema,
} from "../../core/model/supplier.js";
import type { SuppliersPort } from "../../core/ports/suppliers.js";
import { suppliersResource } from "../../core/resources/suppliers.js";
import { isSupplierRowError, supplierRowProblems } from "../../core/supplier-problems.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { runLimited } from "./limiter.js";
import { presentRecord, remoteResource } from "./resource-client.js";

export function remoteSuppliers(
  client: HttpClient,
  capabilities: ServerCapabilities,
  concurrency: number,
): SuppliersPort {
  const { list, get } = remoteResource(client, capabilities, suppliersResource);
  const refuse = (what: string, instead: string) =>
    capabilities.require(DRY_RUN_EXTENSION, what, instead);

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
    list,
    get,
    async upsert(input, options = {}) {
      if (options.dryRun === true) {
        await refuse("dry runs of supplier upserts", "run it without --dry-run");
      }
      return upsert(input, options.dryRun === true);
    },
    async write(inputs, options) {
      if (options.dryRun) {
        await refuse("dry runs of supplier imports", "run it without --dry-run");
      } else if (!options.skipInvalid) {
        await refuse(
          "checking every row before storing any (a dry run), so a refused row could leave the rows before it stored",
          "add --skip-invalid to send the rows anyway, each stored on its own",
        );
        const check = await send(inputs, true);
        if (check.problems.length > 0) return { ...check, committed: false };
      }
      const sent = await send(inputs, options.dryRun);
      return { ...sent, committed: !options.dryRun };
    },
  };
}
