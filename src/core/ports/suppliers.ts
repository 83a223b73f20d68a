/** The suppliers part of the port: the plain resource's verbs, plus what suppliers add. */
import type {
  SupplierBatchOptions,
  SupplierBatchResult,
  SupplierInput,
  SupplierUpsertResult,
  SupplierWriteOptions,
} from "../model/supplier.js";
import type { PortOf } from "../resource-types.js";

export interface SuppliersPort extends PortOf<"suppliers"> {
  /**
   * Upsert by id, or by companyId + externalId when there is no id; answers the spec's
   * `{id, name, email}` and, when the engine says, what it did. A dry run stores nothing.
   */
  upsert(input: SupplierInput, options?: SupplierWriteOptions): Promise<SupplierUpsertResult>;
  /**
   * Many upserts (an import). Locally one transaction: with a refused row and no skipInvalid,
   * nothing is stored. Remotely the rows are sent concurrently, one upsert each.
   */
  write(
    inputs: readonly SupplierInput[],
    options: SupplierBatchOptions,
  ): Promise<SupplierBatchResult>;
}
