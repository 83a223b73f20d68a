/**
 * Recalculating stored emissions in place, after a change that moves their factor (a custom
 * factor, a building's or company's country, the policy): the matching consumptions are read a
 * page at a time, priced again, and their figures written back a page at a time.
 */
import type { EmissionCalculator } from "./emission-calculator.js";
import type {
  CategoryIndex,
  RecalculatedFigures,
  RecalculationScope,
  StoreTransaction,
} from "./store.js";

export type { RecalculationScope } from "./store.js";

const PAGE = 5000;

/**
 * Recalculates the emissions of the scope's consumptions, in the caller's transaction; the
 * caller must have invalidated the calculator's caches. Answers how many were redone.
 */
export async function recalculateEmissions(
  tx: StoreTransaction,
  catalog: CategoryIndex,
  calculator: EmissionCalculator,
  scope: RecalculationScope,
): Promise<number> {
  await tx.pricing.ready([scope.companyRef]);
  let done = 0;
  let after = 0;
  for (;;) {
    const rows = await tx.recalculation.page(scope, after, PAGE);
    const figures: RecalculatedFigures[] = [];
    for (const row of rows) {
      const category = catalog.byRef(row.categoryRef);
      if (category === undefined)
        throw new Error(`consumption row ${row.key}: unknown category ref`);
      const target = {
        category,
        companyRef: scope.companyRef,
        country: row.country,
        startDate: row.startDate,
        endDate: row.endDate,
        unit: row.unit,
        quantity: row.quantity,
        inputFactorId: row.inputFactorId,
        kwhPerM3: row.kwhPerM3,
      };
      const calculated = calculator.calculate(target);
      // A quantity stored before the bounds existed may overflow: it waits for a correction.
      const { values, calculationRef } =
        calculated.nonFinite === undefined ? calculated : calculator.awaiting(target);
      figures.push({
        key: row.key,
        co2e: values.co2e,
        co2: values.co2,
        ch4: values.ch4,
        n2o: values.n2o,
        co2eMarketBased: values.co2eMarketBased,
        convertedQuantity: values.convertedQuantity,
        calculationRef,
      });
      after = row.key;
    }
    await tx.recalculation.update(figures);
    done += rows.length;
    if (rows.length < PAGE) return done;
  }
}
