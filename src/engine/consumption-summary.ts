import type { ConsumptionGroup, ConsumptionSummary } from "../core/model/emission.js";
import { prorate } from "./proration.js";
import { compareTuples, type SummaryLookups, type SummaryWindow } from "./summary-types.js";
import { convertQuantity, isNaturalGasCategory } from "./units.js";

export interface ConsumptionSummaryRow {
  readonly categoryId: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly quantity: number;
  readonly unitType: string;
  readonly awaitingFactor: boolean;
}

export interface ConsumptionSummarizer {
  add(row: ConsumptionSummaryRow): void;
  result(): ConsumptionSummary;
}

interface Group extends ConsumptionGroup {
  quantity: number;
  count: number;
  awaitingFactor: number;
}

/**
 * Quantity per calendar month ("YYYY-MM", prorated by day, clipped to the window) and
 * subcategory, in the subcategory's default unit (natural gas may convert between m3 and kWh).
 * A quantity whose unit does not convert stays in a group of its own unit rather than being
 * dropped. Groups are sorted by month, scope, code, unit. Throws on an unknown category id: the
 * caller's lookups come from the same database as the rows, so that is a bug.
 */
export function createConsumptionSummarizer(
  lookups: SummaryLookups,
  window?: SummaryWindow,
): ConsumptionSummarizer {
  const groups = new Map<string, Group>();
  let count = 0;
  let awaitingFactor = 0;

  return {
    add(row) {
      const info = lookups.category(row.categoryId);
      if (info === undefined) throw new Error(`unknown category ${row.categoryId}`);
      const slices = prorate(row.startDate, row.endDate, "month", window);
      if (slices.length === 0) return;
      count += 1;
      if (row.awaitingFactor) awaitingFactor += 1;

      let unit = row.unitType.trim();
      let quantity = row.quantity;
      if (info.defaultUnit !== null) {
        const naturalGas = isNaturalGasCategory(info.code);
        const converted = convertQuantity(row.quantity, unit, info.defaultUnit, { naturalGas });
        // A quantity stored before quantities were bounded may overflow: it keeps its own unit.
        if (converted.ok && Number.isFinite(converted.value)) {
          unit = info.defaultUnit;
          quantity = converted.value;
        }
      }
      for (const slice of slices) {
        const id = JSON.stringify([slice.period, row.categoryId, unit]);
        let group = groups.get(id);
        if (group === undefined) {
          group = {
            month: slice.period,
            categoryId: row.categoryId,
            categoryCode: info.code,
            categoryName: info.name,
            scope: info.scope,
            unit,
            quantity: 0,
            count: 0,
            awaitingFactor: 0,
          };
          groups.set(id, group);
        }
        group.quantity += quantity * slice.share;
        group.count += 1;
        if (row.awaitingFactor) group.awaitingFactor += 1;
      }
    },
    result() {
      const sortKey = (g: Group) => [g.month, g.scope, g.categoryCode, g.unit];
      const sorted = [...groups.values()].sort((a, b) => compareTuples(sortKey(a), sortKey(b)));
      return { groups: sorted.map((group) => ({ ...group })), count, awaitingFactor };
    },
  };
}
