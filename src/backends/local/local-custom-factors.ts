import { notFound } from "../../core/errors.js";
import { customFactorInputSchema } from "../../core/model/factor.js";
import type { CustomFactorsPort } from "../../core/ports/custom-factors.js";
import { parseInput } from "../../core/validate.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import { customFactorScope } from "./custom-factor-scope.js";
import type { CustomFactorRepository, CustomFactorUpsert } from "./custom-factors.js";
import { type RecalculationContext, recalculationRun } from "./local-recalculation.js";
import type { RecalculationScope } from "./recalculate.js";
import { committedOrRolledBack, type Transactions, withRollback } from "./transaction-tools.js";

/** What the custom factors part needs of the LocalService. */
export interface CustomFactorsParts extends Transactions {
  readonly customFactors: CustomFactorRepository;
  readonly catalog: CategoryCatalog;
  /** Recalculates stored emissions, inside the write that changed their factor. */
  recalculate(scope: RecalculationScope): void;
  /** What a recalculation run reported per scope and category needs (local-recalculation.ts). */
  readonly run: RecalculationContext;
}

/** The custom factors part of the local engine. */
export function localCustomFactors(parts: CustomFactorsParts): CustomFactorsPort {
  const { customFactors, catalog } = parts;
  /** The emissions a write can move: its subcategories' on the days of its validities. */
  const scopeOf = (result: CustomFactorUpsert): RecalculationScope | undefined =>
    result.changed ? customFactorScope(catalog, result.companyRef, result.reach) : undefined;
  return {
    list: async (query) => parts.read(() => customFactors.list(query)),
    get: async (id) =>
      parts.read(() => {
        const found = customFactors.find(id);
        if (found === undefined) throw notFound("custom factor", id);
        return found.factor;
      }),
    /** A new or changed factor recalculates the emissions it can move (custom-factor-scope.ts). */
    upsert: async (input) =>
      parts.write(() => {
        const result = customFactors.upsert(input);
        const scope = scopeOf(result);
        if (scope !== undefined) parts.recalculate(scope);
        return result.factor;
      }),
    /** The same write, with the company's summary before and after it: what moved. */
    change: async (input, { dryRun }) => {
      const { companyId } = parseInput(customFactorInputSchema, input, "custom emission factor");
      return committedOrRolledBack(() =>
        parts.run.write(() => {
          let result: CustomFactorUpsert | undefined;
          const recalculation = recalculationRun(
            parts.run,
            { dryRun, companyIds: [companyId] },
            {
              change: () => {
                result = customFactors.upsert(input);
              },
              scopeOf: () => (result === undefined ? undefined : scopeOf(result)),
            },
          );
          if (result === undefined) throw new Error("the custom factor was not written");
          const answer = { factor: result.factor, recalculation };
          return dryRun ? withRollback(() => answer)() : answer;
        }),
      );
    },
  };
}
