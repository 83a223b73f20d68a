import {
  DERIVED_LINES_FILE,
  type DerivationRules,
  derivationRules,
  parseDerivationRules,
  WTT_LINES_FILE,
} from "../engine/derived-lines.js";
import { readFixture } from "./fixture-files.js";

/**
 * The derivation rules shipped with the tool, read once: fixtures/factors/derived-lines.csv (made
 * by hand), then wtt-lines.csv (the fuels' well-to-tank, generated from the library).
 */
let shippedRules: DerivationRules | undefined;

export function shippedDerivationRules(): DerivationRules {
  shippedRules ??= derivationRules(
    [DERIVED_LINES_FILE, WTT_LINES_FILE].flatMap(
      (file) => parseDerivationRules(readFixture(file), file).all,
    ),
  );
  return shippedRules;
}
