/** The effluents part of the port: the plain resource's verbs, plus many upserts at once. */
import type { EffluentInput } from "../model/effluent.js";
import type { PortOf } from "../resource-types.js";

export interface EffluentsPort extends PortOf<"effluents"> {
  /**
   * Many upserts (an import), in order. Locally one transaction: a refused record stores none.
   * Remotely one upsert each, in order; a refusal part way keeps the ones sent before it.
   */
  write(inputs: readonly EffluentInput[]): Promise<void>;
  /** False when the records of a `write` cannot be rolled back together (a server's). */
  readonly writesAtomically: boolean;
}
