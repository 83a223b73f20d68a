/**
 * Which category an invoice line is a consumption of (docs/invoices.md): by the invoice's type,
 * the line's fuel, and for waste the disposal route and the material. Pure: the local engine
 * checks the answer against its category tree, where a code it lacks is awaiting a factor.
 */
import type { InvoiceType, ParsedInvoice } from "./model/invoice.js";

/** The library's waste materials (`waste_<route>_<material>` subcategories). */
export const wasteMaterials = [
  "mixed",
  "food",
  "paper",
  "plastics",
  "glass",
  "metal_cans",
  "wood",
  "weee",
] as const;
export type WasteMaterial = (typeof wasteMaterials)[number];

/**
 * EU List of Waste codes (Commission Decision 2000/532/EC, chapters 15 and 20, and 16 02 14)
 * with a material of the library; a code not listed has no factor here.
 */
export const listOfWasteMaterials: Readonly<Record<string, WasteMaterial>> = {
  "150101": "paper",
  "150102": "plastics",
  "150103": "wood",
  "150104": "metal_cans",
  "150107": "glass",
  "160214": "weee",
  "200101": "paper",
  "200102": "glass",
  "200108": "food",
  "200136": "weee",
  "200138": "wood",
  "200139": "plastics",
  "200301": "mixed",
};

/** The parent categories a line's fuel may name, per invoice type that takes a fuel. */
export const fuelParents: Partial<Readonly<Record<InvoiceType, readonly string[]>>> = {
  heat: ["stationary_combustion", "purchased_heat_steam_cooling"],
  fuel: ["stationary_combustion", "mobile_combustion"],
};

/** What a line becomes. */
export type LineCategory =
  /** A consumption of the subcategory with this code. */
  | { readonly kind: "category"; readonly code: string }
  /** No consumption: the type is not an emission source of the library, or the invoice a draft. */
  | { readonly kind: "not_counted"; readonly reason: string }
  /** No consumption: no factor of the library for it (reported, never guessed). */
  | { readonly kind: "awaiting_factor"; readonly reason: string }
  /** The line is wrong: refused with this field and message. */
  | { readonly kind: "invalid"; readonly field: string; readonly message: string };

/** The material of a waste type: a List of Waste code (spaces, dots and dashes ignored) or a material name. */
export function wasteMaterialOf(wasteType: string): WasteMaterial | undefined {
  const text = wasteType.trim().toLowerCase();
  const code = text.replace(/[\s.-]/g, "");
  if (/^\d{6}\*?$/.test(code)) return listOfWasteMaterials[code];
  return wasteMaterials.find((material) => material === text.replace(/[\s-]+/g, "_"));
}

const UNCOUNTED: Partial<Readonly<Record<InvoiceType, string>>> = {
  "generated-energy": "energy generated on site is recorded, not an emission of the company",
  "wastes-expenses": "a waste expense carries a cost, not a quantity of waste",
  others: "an invoice of type others names no emission source",
};

/** The category of one line of a parsed invoice (its `fuel` already lower case). */
export function lineCategory(invoice: ParsedInvoice, fuel: string | null): LineCategory {
  if (invoice.status === "draft") {
    return { kind: "not_counted", reason: "a draft invoice is not counted until it is valid" };
  }
  const uncounted = UNCOUNTED[invoice.type];
  if (uncounted !== undefined) return { kind: "not_counted", reason: uncounted };
  switch (invoice.type) {
    case "electricity":
      return { kind: "category", code: "electricity" };
    case "water":
      return { kind: "category", code: "water_supply" };
    case "waste-water":
      return { kind: "category", code: "water_treatment" };
    case "heat":
      return { kind: "category", code: fuel ?? "natural_gas" };
    case "fuel":
      if (fuel === null) {
        return {
          kind: "invalid",
          field: "fuel",
          message:
            "a fuel invoice's line needs its fuel: a subcategory code such as diesel or gas_oil",
        };
      }
      return { kind: "category", code: fuel };
    case "process-emissions":
      return {
        kind: "awaiting_factor",
        reason: "the factor library has no process-emission factors",
      };
    case "wastes":
      return wasteCategory(invoice);
    default:
      return { kind: "not_counted", reason: `type ${invoice.type} is not counted` };
  }
}

function wasteCategory(invoice: ParsedInvoice): LineCategory {
  const route = invoice.wasteDisposalMethod;
  const material = invoice.wasteType === null ? undefined : wasteMaterialOf(invoice.wasteType);
  if (route === null || material === undefined) {
    return {
      kind: "awaiting_factor",
      reason: `no material of the factor library for waste type "${invoice.wasteType ?? ""}"`,
    };
  }
  return { kind: "category", code: `waste_${route}_${material}` };
}
