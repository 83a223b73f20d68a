import type { ConsumptionWriter } from "../../rules/consumption-writer.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import type { FactorResolver } from "../../rules/factors.js";
import type { EngineStore } from "./engine-store.js";

/** Everything a LocalService is made of; built by `openLocalService`. */
export interface LocalParts {
  /** The store it runs on: its transactions over the Store port, streams, imports. */
  readonly store: EngineStore;
  readonly calculator: EmissionCalculator;
  /** What reads price with: the calculator itself, or one of their own (engine-store.ts). */
  readonly readCalculator: EmissionCalculator;
  readonly writer: ConsumptionWriter;
  /** The calculator's resolution of a factor query the rules have checked. */
  readonly resolver: FactorResolver;
}
