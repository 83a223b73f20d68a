import type { Emission } from "../../../core/model/emission.js";
import type { PeriodFilter } from "../../../core/ports/consumptions.js";
import { emissionInWindow } from "../../../engine/emission-window.js";
import type { DateWindow } from "../../../engine/proration.js";
import type { EmissionRow, RowShape } from "./columns.js";
import { type NameLookup, withNames } from "./lookups.js";

/** Turns the records a service answers into the rows `emissions list` and `export` print. */
export interface RowShaper {
  readonly shape: RowShape;
  /** Every record with a day inside the window, cut to it, named when asked; in order. */
  rows(records: AsyncIterable<Emission> | Iterable<Emission>): AsyncIterable<EmissionRow>;
}

/** The --from/--to window of a filter, or undefined when it has neither. */
export function windowOf(filter: PeriodFilter): DateWindow | undefined {
  if (filter.from === undefined && filter.to === undefined) return undefined;
  return {
    ...(filter.from === undefined ? {} : { from: filter.from }),
    ...(filter.to === undefined ? {} : { to: filter.to }),
  };
}

/**
 * The window's share is taken here, on the client, from each record's dates: the rows of a
 * window add up to its totals whichever engine (or server) answered, and a record a server
 * returns without a day inside the window is left out. With `names` (--with-names) each row
 * gets its building's name and category's code, read once per company.
 */
export function createRowShaper(filter: PeriodFilter, names: NameLookup | undefined): RowShaper {
  const window = windowOf(filter);
  return {
    shape: { window: window !== undefined, withNames: names !== undefined },
    async *rows(records) {
      for await (const record of records) {
        const cut = window === undefined ? record : emissionInWindow(record, window);
        if (cut === null) continue;
        if (names === undefined) {
          yield cut;
          continue;
        }
        await names.load([cut]);
        yield withNames(cut, names);
      }
    },
  };
}
