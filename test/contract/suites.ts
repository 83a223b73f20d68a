/**
 * Every contract suite, registered once: each driver (local.test.ts, remote.test.ts) runs this
 * whole list, so a suite added here runs on both engines.
 */
import { readOnlyNames, resourceNames } from "../../src/core/resources/index.js";
import type { ReadOnlyName, ResourceName } from "../../src/core/service.js";
import { describeBuildingNameContract } from "./building-names.js";
import { describeCommentContract } from "./comments.js";
import { describeCustomFactorValidityContract } from "./custom-factor-validity.js";
import { describeDeletionContract } from "./deletions.js";
import { describeEffluentContract } from "./effluents.js";
import { describeGlecContract } from "./glec.js";
import { describeGoalContract } from "./goals.js";
import { describeInputsContract } from "./inputs.js";
import { describeMoveContract } from "./move.js";
import { describeOrganizationLimitContract } from "./organization-limits.js";
import { describePlainDeletionContract } from "./plain-deletions.js";
import { describeReadOnlyContract } from "./read-only-resources.js";
import { readOnlyFixtures, resourceFixtures } from "./resource-fixtures.js";
import { describeResourceContract } from "./resources.js";
import { describeStreamContract } from "./streams.js";
import { type Driver, describeContract } from "./suite.js";
import { describeSupplierContract } from "./suppliers.js";
import { describeWasteOperatorContract } from "./waste-operators.js";

export type ContractSuite = (driverName: string, open: () => Promise<Driver>) => void;

function resourceSuite<K extends ResourceName>(name: K): ContractSuite {
  return (driverName, open) => describeResourceContract(driverName, open, resourceFixtures[name]);
}

function readOnlySuite<K extends ReadOnlyName>(name: K): ContractSuite {
  return (driverName, open) => describeReadOnlyContract(driverName, open, readOnlyFixtures[name]);
}

export const contractSuites: readonly ContractSuite[] = [
  describeContract,
  describeSupplierContract,
  describeGlecContract,
  describeMoveContract,
  describeBuildingNameContract,
  describeDeletionContract,
  describePlainDeletionContract,
  describeStreamContract,
  describeWasteOperatorContract,
  describeCommentContract,
  describeGoalContract,
  describeEffluentContract,
  describeOrganizationLimitContract,
  describeInputsContract,
  describeCustomFactorValidityContract,
  // One per resource of src/core/resources/index.ts: each needs its file in fixtures/
  // (resource-fixtures.ts fails to load without it), so a new resource cannot go untested.
  ...resourceNames.map(resourceSuite),
  ...readOnlyNames.map(readOnlySuite),
];

/** Runs every suite against one driver. */
export function describeAllContracts(driverName: string, open: () => Promise<Driver>): void {
  for (const suite of contractSuites) suite(driverName, open);
}
