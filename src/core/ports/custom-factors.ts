/** The custom factors part of the port: the plain resource's verbs, plus a change reported. */

import type { CustomFactorChange } from "../model/custom-factor-change.js";
import type { CustomFactorInput } from "../model/factor.js";
import type { PortOf } from "../resource-types.js";

export interface CustomFactorsPort extends PortOf<"customFactors"> {
  /**
   * Creates or changes a factor (an upsert by id), recalculates the company's stored emissions it
   * prices (those with a day in its validity, before or after the change) in the same
   * transaction, and reports what moved per scope and category, as `emissions recalculate`
   * does. A dry run answers the same and stores nothing. `recalculation` is null when a server
   * does not report it.
   */
  change(
    input: CustomFactorInput,
    options: { readonly dryRun: boolean },
  ): Promise<CustomFactorChange>;
}
