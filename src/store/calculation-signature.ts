/**
 * What addresses a calculation record in both stores: a digest of its library version and
 * lines, so the same calculation always has the same record (`emission_provenance.signature`,
 * unique), and the lines' JSON the record keeps.
 */
import { createHash } from "node:crypto";
import type { Calculation } from "../engine/emission-lines.js";

export interface CalculationContent {
  readonly signature: string;
  /** The lines as the record keeps them (JSON). */
  readonly lines: string;
}

export function calculationContent(calculation: Calculation): CalculationContent {
  const lines = JSON.stringify(calculation.lines);
  const signature = `lines:${createHash("sha256")
    .update(calculation.libraryVersion)
    .update("\n")
    .update(lines)
    .digest("base64url")}`;
  return { signature, lines };
}
