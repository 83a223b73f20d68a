import { notFound } from "../../core/errors.js";
import type { CarbonService } from "../../core/service.js";
import type { CustomFactorRepository } from "./custom-factors.js";
import type { RecalculationScope } from "./recalculate.js";
import type { Transactions } from "./transaction-tools.js";

type CustomFactorsPort = CarbonService["customFactors"];

/** What the custom factors part needs of the LocalService. */
export interface CustomFactorsParts extends Transactions {
  readonly customFactors: CustomFactorRepository;
  /** Recalculates stored emissions, inside the write that changed their factor. */
  recalculate(scope: RecalculationScope): void;
}

/** The custom factors part of the local engine. */
export function localCustomFactors(parts: CustomFactorsParts): CustomFactorsPort {
  const { customFactors } = parts;
  return {
    list: async (query) => parts.read(() => customFactors.list(query)),
    get: async (id) =>
      parts.read(() => {
        const found = customFactors.find(id);
        if (found === undefined) throw notFound("custom factor", id);
        return found.factor;
      }),
    /** A new or changed factor recalculates the company's emissions of the categories it touches. */
    upsert: async (input) =>
      parts.write(() => {
        const result = customFactors.upsert(input);
        if (result.changed) {
          parts.recalculate({ companyRef: result.companyRef, categoryRefs: result.categoryRefs });
        }
        return result.factor;
      }),
  };
}
