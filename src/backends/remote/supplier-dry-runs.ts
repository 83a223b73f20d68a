/**
 * The dry-run decision of the remote supplier writes (suppliers.ts sends `?dryRun=true` for
 * `--dry-run` and for an import's check before storing): made here, from what the server
 * announced, so a server that would ignore the parameter is never sent it.
 */
import { DRY_RUN_EXTENSION } from "../../core/extensions.js";
import type { CarbonService } from "../../core/service.js";
import type { ServerCapabilities } from "./capabilities.js";

type SupplierMethods = Pick<CarbonService, "listSuppliers" | "upsertSupplier" | "writeSuppliers">;

/**
 * Supplier writes that would send `?dryRun=true` go only to a server announcing `dryRun`: one that
 * ignored it would store what a dry run (or an import's check before storing) promised not to.
 */
export function withSupplierDryRuns(
  methods: SupplierMethods,
  capabilities: ServerCapabilities,
): SupplierMethods {
  const refuse = (what: string, instead: string) =>
    capabilities.require(DRY_RUN_EXTENSION, what, instead);
  return {
    listSuppliers: methods.listSuppliers,
    async upsertSupplier(input, options = {}) {
      if (options.dryRun === true) {
        await refuse("dry runs of supplier upserts", "run it without --dry-run");
      }
      return methods.suppliers.upsert(input, options);
    },
    async writeSuppliers(inputs, options) {
      if (options.dryRun) {
        await refuse("dry runs of supplier imports", "run it without --dry-run");
      } else if (!options.skipInvalid) {
        await refuse(
          "checking every row before storing any (a dry run), so a refused row could leave the rows before it stored",
          "add --skip-invalid to send the rows anyway, each stored on its own",
        );
      }
      return methods.suppliers.write(inputs, options);
    },
  };
}
