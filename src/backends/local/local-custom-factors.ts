import type { CustomFactorsPort } from "../../core/ports/custom-factors.js";
import {
  type CustomFactorDriver,
  changeCustomFactor,
  getCustomFactor,
  listCustomFactors,
  parseCustomFactor,
  upsertCustomFactor,
} from "../../rules/custom-factors.js";
import type { RecalculationScope } from "../../rules/recalculate.js";
import type { RecalculationDriver } from "../../rules/recalculation.js";
import type { CategoryLookup, StoreTransaction, StoreTransactions } from "../../rules/store.js";
import { shippedDerivationRules } from "../../shipped/derivation-rules.js";
import { type RecalculationContext, recalculationRunAround } from "./local-recalculation.js";
import { writeOrRollBack } from "./transaction-tools.js";

/** What the custom factors part needs of the LocalService. */
export interface CustomFactorsParts {
  readonly rules: StoreTransactions;
  readonly catalog: CategoryLookup;
  /** Recalculates stored emissions, inside the write that changed their factor. */
  recalculate(tx: StoreTransaction, scope: RecalculationScope): Promise<number>;
  /** What a recalculation run reported per scope and category needs (local-recalculation.ts). */
  readonly run: RecalculationContext;
}

/**
 * The subcategories whose consumptions' scope 3 category 3 lines a factor of the subcategory of
 * this ref prices, by the shipped derivation rules: their refs.
 */
export function derivationSources(catalog: CategoryLookup): (categoryRef: number) => number[] {
  return (categoryRef) => {
    const category = catalog.byRef(categoryRef);
    if (category === undefined) return [];
    return shippedDerivationRules()
      .sourcesOf(category.code)
      .flatMap((code) => catalog.find(code)?.ref ?? []);
  };
}

/** The custom factors part of the local engine: the rules in the port's transactions. */
export function localCustomFactors(parts: CustomFactorsParts): CustomFactorsPort {
  const { rules } = parts;
  const driver: CustomFactorDriver = {
    sourcesOf: derivationSources(parts.catalog),
    recalculate: (tx, scope) => parts.recalculate(tx, scope),
  };
  return {
    list: (query) => rules.read((t) => listCustomFactors(t, query)),
    get: (id) => rules.read((t) => getCustomFactor(t, id)),
    /** A new or changed factor recalculates the emissions it can move (custom-factor-scope.ts). */
    upsert: (input) => rules.write((t) => upsertCustomFactor(t, input, driver)),
    /** The same write, with the company's summary before and after it: what moved. */
    change: async (input, { dryRun }) => {
      // Checked before the write begins.
      parseCustomFactor(input);
      const run: CustomFactorDriver & RecalculationDriver = {
        ...driver,
        run: (tx, request, change, scopeOf) =>
          recalculationRunAround(parts.run, tx, request, change, scopeOf),
      };
      // A dry run rolls the write back and answers what it would have done.
      return writeOrRollBack(
        rules,
        (t) => changeCustomFactor(t, input, { dryRun }, run),
        () => !dryRun,
      );
    },
  };
}
