import type { Calculation } from "../../engine/emission-lines.js";
import { storedCalculation } from "../../rules/stored-calculations.js";
import { ReferenceMaps } from "../../store/sqlite/reference-maps.js";

/**
 * A connection's reference maps (src/store/sqlite/reference-maps.ts) as the driver's synchronous
 * code reads them (the consumption writer, recalculation, the regos dashboard), each calculation
 * record decoded by the rules. `ensure` before reading, `invalidate` when they may be stale.
 */
export class RefCache extends ReferenceMaps {
  /**
   * A consumption's calculation record. A null ref is a consumption stored awaiting a factor
   * before calculation records existed: one direct line, awaiting.
   */
  calculation(ref: number | null): Calculation {
    return storedCalculation(this, ref);
  }
}
