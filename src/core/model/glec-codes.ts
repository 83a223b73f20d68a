/**
 * The code lists of GLEC service footprint entries, in ONE place (docs/glec.md explains each).
 * The interface specification names the fields but not their values; these lists follow the
 * GLEC Framework v3 / ISO 14083 vocabulary (transport modes, transport operation categories,
 * vehicle types with their fuel) and are limited to what fixtures/factors/glec-defaults.csv can
 * calculate: every TOC names one tonne-km intensity row of that file and every vehicle type the
 * fuel rows its measured energy is multiplied by. A test checks that every key exists there.
 */

/**
 * ISO 14083 transport modes that glec-defaults.csv can calculate, plus `internal`, the one value
 * the specification shows (a leg run by the company itself; its mode is its vehicle type's).
 * Inland waterway is left out: the references hold no barge intensity or WTT (docs/glec.md).
 */
export const glecModes = ["road", "rail", "sea", "air", "internal"] as const;
export type GlecMode = (typeof glecModes)[number];
/** The transport modes a vehicle type or TOC belongs to (`internal` is not one). */
export type TransportMode = Exclude<GlecMode, "internal">;

/** Transport operation categories: each is one default tonne-km intensity of glec-defaults.csv. */
export const glecTocCodes = [
  "ROAD_HGV_AVERAGE",
  "ROAD_HGV_RIGID",
  "ROAD_HGV_RIGID_GT17T",
  "ROAD_HGV_ARTIC",
  "ROAD_HGV_ARTIC_GT33T",
  "ROAD_HGV_REEFER",
  "ROAD_VAN",
  "RAIL_FREIGHT",
  "AIR_SHORT_HAUL",
  "AIR_SHORT_HAUL_RF",
  "AIR_LONG_HAUL",
  "AIR_LONG_HAUL_RF",
  "SEA_CONTAINER",
  "SEA_BULK",
  "SEA_GENERAL_CARGO",
  "SEA_RORO_FERRY",
  "SEA_CRUDE_TANKER",
] as const;
export type GlecToc = (typeof glecTocCodes)[number];

export interface TocDefinition {
  readonly mode: TransportMode;
  /** The glec-defaults.csv row (kg CO2e per tonne-km) of this category. */
  readonly factorKey: string;
  /** Air with RF: the row with the uplift, reported apart as its TTW minus factorKey's TTW. */
  readonly rfFactorKey?: string;
}

export const glecTocs: Readonly<Record<GlecToc, TocDefinition>> = {
  ROAD_HGV_AVERAGE: { mode: "road", factorKey: "road_hgv_all_avg_tkm" },
  ROAD_HGV_RIGID: { mode: "road", factorKey: "road_hgv_rigid_avg_tkm" },
  ROAD_HGV_RIGID_GT17T: { mode: "road", factorKey: "road_hgv_rigid_gt17t_tkm" },
  ROAD_HGV_ARTIC: { mode: "road", factorKey: "road_hgv_artic_avg_tkm" },
  ROAD_HGV_ARTIC_GT33T: { mode: "road", factorKey: "road_hgv_artic_gt33t_tkm" },
  ROAD_HGV_REEFER: { mode: "road", factorKey: "road_hgv_reefer_avg_tkm" },
  ROAD_VAN: { mode: "road", factorKey: "road_van_diesel_tkm" },
  RAIL_FREIGHT: { mode: "rail", factorKey: "rail_freight_tkm" },
  AIR_SHORT_HAUL: { mode: "air", factorKey: "air_short_haul_norf_tkm" },
  AIR_SHORT_HAUL_RF: {
    mode: "air",
    factorKey: "air_short_haul_norf_tkm",
    rfFactorKey: "air_short_haul_rf_tkm",
  },
  AIR_LONG_HAUL: { mode: "air", factorKey: "air_long_haul_norf_tkm" },
  AIR_LONG_HAUL_RF: {
    mode: "air",
    factorKey: "air_long_haul_norf_tkm",
    rfFactorKey: "air_long_haul_rf_tkm",
  },
  SEA_CONTAINER: { mode: "sea", factorKey: "sea_container_avg_tkm" },
  SEA_BULK: { mode: "sea", factorKey: "sea_bulk_avg_tkm" },
  SEA_GENERAL_CARGO: { mode: "sea", factorKey: "sea_general_cargo_avg_tkm" },
  SEA_RORO_FERRY: { mode: "sea", factorKey: "sea_roro_ferry_avg_tkm" },
  SEA_CRUDE_TANKER: { mode: "sea", factorKey: "sea_crude_tanker_avg_tkm" },
};

export const glecVehicleTypeCodes = [
  "HGV_DIESEL",
  "HGV_RIGID_DIESEL",
  "HGV_ARTIC_DIESEL",
  "HGV_REEFER_DIESEL",
  "VAN_DIESEL",
  "VAN_PETROL",
  "HGV_HVO",
  "HGV_LNG",
  "HGV_CNG",
  "TRAIN_DIESEL",
  "TRAIN_ELECTRIC",
  "CONTAINER_SHIP",
  "BULK_CARRIER",
  "GENERAL_CARGO_SHIP",
  "RORO_FERRY",
  "CRUDE_TANKER",
  "MGO_SHIP",
  "FREIGHTER_SHORT_HAUL",
  "FREIGHTER_LONG_HAUL",
] as const;
export type GlecVehicleType = (typeof glecVehicleTypeCodes)[number];

export interface VehicleTypeDefinition {
  readonly mode: TransportMode;
  /** The TOC whose intensity applies when the leg has no energy quantity and no toc. */
  readonly defaultToc: GlecToc | null;
  /** Fuel rows (glec-defaults.csv keys) a measured quantity is multiplied by, one per unit. */
  readonly fuels: readonly string[];
  /** The TOCs whose intensity describes this vehicle and fuel; any other `toc` is refused. */
  readonly tocs: readonly GlecToc[];
}

/** Diesel per litre and per tonne from the same DESNZ sheet (docs/glec.md: kg and t). */
const DIESEL = ["diesel_avg_blend_l", "diesel_avg_blend_t"];
/** Every HGV intensity row of glec-defaults.csv: all of them are diesel HGVs. */
const HGV_TOCS: readonly GlecToc[] = [
  "ROAD_HGV_AVERAGE",
  "ROAD_HGV_RIGID",
  "ROAD_HGV_RIGID_GT17T",
  "ROAD_HGV_ARTIC",
  "ROAD_HGV_ARTIC_GT33T",
  "ROAD_HGV_REEFER",
];
/** The DESNZ ship rows are averages by ship type over marine fuels. */
const SEA_TOCS: readonly GlecToc[] = [
  "SEA_CONTAINER",
  "SEA_BULK",
  "SEA_GENERAL_CARGO",
  "SEA_RORO_FERRY",
  "SEA_CRUDE_TANKER",
];
const MARINE_FUEL_OIL = ["marine_fuel_oil_t"];
const JET_FUEL = ["aviation_turbine_fuel_t"];

/** Vehicle types: vehicle and fuel together, as the specification's example (an HGV diesel code). */
export const glecVehicleTypes: Readonly<Record<GlecVehicleType, VehicleTypeDefinition>> = {
  HGV_DIESEL: { mode: "road", defaultToc: "ROAD_HGV_AVERAGE", fuels: DIESEL, tocs: HGV_TOCS },
  HGV_RIGID_DIESEL: {
    mode: "road",
    defaultToc: "ROAD_HGV_RIGID",
    fuels: DIESEL,
    tocs: ["ROAD_HGV_RIGID", "ROAD_HGV_RIGID_GT17T", "ROAD_HGV_AVERAGE"],
  },
  HGV_ARTIC_DIESEL: {
    mode: "road",
    defaultToc: "ROAD_HGV_ARTIC",
    fuels: DIESEL,
    tocs: ["ROAD_HGV_ARTIC", "ROAD_HGV_ARTIC_GT33T", "ROAD_HGV_AVERAGE"],
  },
  HGV_REEFER_DIESEL: {
    mode: "road",
    defaultToc: "ROAD_HGV_REEFER",
    fuels: DIESEL,
    tocs: ["ROAD_HGV_REEFER"],
  },
  VAN_DIESEL: { mode: "road", defaultToc: "ROAD_VAN", fuels: DIESEL, tocs: ["ROAD_VAN"] },
  // ROAD_VAN is a diesel van and the HGV rows diesel HGVs: these fuels have no TOC here.
  VAN_PETROL: {
    mode: "road",
    defaultToc: null,
    fuels: ["petrol_avg_blend_l", "petrol_avg_blend_t"],
    tocs: [],
  },
  HGV_HVO: { mode: "road", defaultToc: null, fuels: ["hvo_l"], tocs: [] },
  HGV_LNG: { mode: "road", defaultToc: null, fuels: ["lng_l", "lng_t"], tocs: [] },
  HGV_CNG: { mode: "road", defaultToc: null, fuels: ["cng_t"], tocs: [] },
  TRAIN_DIESEL: {
    mode: "rail",
    defaultToc: "RAIL_FREIGHT",
    fuels: DIESEL,
    tocs: ["RAIL_FREIGHT"],
  },
  // Measured kWh are priced with the grid of the leg's country (engine/glec/grid.ts).
  TRAIN_ELECTRIC: {
    mode: "rail",
    defaultToc: "RAIL_FREIGHT",
    fuels: [],
    tocs: ["RAIL_FREIGHT"],
  },
  CONTAINER_SHIP: {
    mode: "sea",
    defaultToc: "SEA_CONTAINER",
    fuels: MARINE_FUEL_OIL,
    tocs: ["SEA_CONTAINER"],
  },
  BULK_CARRIER: { mode: "sea", defaultToc: "SEA_BULK", fuels: MARINE_FUEL_OIL, tocs: ["SEA_BULK"] },
  GENERAL_CARGO_SHIP: {
    mode: "sea",
    defaultToc: "SEA_GENERAL_CARGO",
    fuels: MARINE_FUEL_OIL,
    tocs: ["SEA_GENERAL_CARGO"],
  },
  RORO_FERRY: {
    mode: "sea",
    defaultToc: "SEA_RORO_FERRY",
    fuels: MARINE_FUEL_OIL,
    tocs: ["SEA_RORO_FERRY"],
  },
  CRUDE_TANKER: {
    mode: "sea",
    defaultToc: "SEA_CRUDE_TANKER",
    fuels: MARINE_FUEL_OIL,
    tocs: ["SEA_CRUDE_TANKER"],
  },
  MGO_SHIP: { mode: "sea", defaultToc: null, fuels: ["marine_gas_oil_t"], tocs: SEA_TOCS },
  FREIGHTER_SHORT_HAUL: {
    mode: "air",
    defaultToc: "AIR_SHORT_HAUL",
    fuels: JET_FUEL,
    tocs: ["AIR_SHORT_HAUL", "AIR_SHORT_HAUL_RF"],
  },
  FREIGHTER_LONG_HAUL: {
    mode: "air",
    defaultToc: "AIR_LONG_HAUL",
    fuels: JET_FUEL,
    tocs: ["AIR_LONG_HAUL", "AIR_LONG_HAUL_RF"],
  },
};

/** Vehicle types whose measured energy is grid electricity (kWh), priced by country. */
export const electricVehicleTypes: ReadonlySet<GlecVehicleType> = new Set(["TRAIN_ELECTRIC"]);

/** Units of `load`, with their mass in tonnes (units.csv: kg 1, t 1000 kg). */
export const glecLoadUnitCodes = ["kg", "t"] as const;
export type GlecLoadUnit = (typeof glecLoadUnitCodes)[number];
export const tonnesPerLoadUnit: Readonly<Record<GlecLoadUnit, number>> = { kg: 0.001, t: 1 };

/** Units of a fuel or energy quantity (the part of `energyQuantityUnit` before the slash). */
export type GlecEnergyUnit = "l" | "kg" | "t" | "kWh";

/** `energyQuantityUnit`: a quantity per distance; the km it is per. */
export const glecEnergyRateUnitCodes = [
  "l/100km",
  "l/km",
  "kg/100km",
  "kg/km",
  "t/100km",
  "t/km",
  "kWh/100km",
  "kWh/km",
] as const;
export type GlecEnergyRateUnit = (typeof glecEnergyRateUnitCodes)[number];

export const glecEnergyRateUnits: Readonly<
  Record<GlecEnergyRateUnit, { readonly unit: GlecEnergyUnit; readonly perKm: number }>
> = {
  "l/100km": { unit: "l", perKm: 100 },
  "l/km": { unit: "l", perKm: 1 },
  "kg/100km": { unit: "kg", perKm: 100 },
  "kg/km": { unit: "kg", perKm: 1 },
  "t/100km": { unit: "t", perKm: 100 },
  "t/km": { unit: "t", perKm: 1 },
  "kWh/100km": { unit: "kWh", perKm: 100 },
  "kWh/km": { unit: "kWh", perKm: 1 },
};

/** How the goods travel (ISO 14083 consolidation and load type). Recorded, not calculated. */
export const glecTransportTypes = [
  "FTL",
  "LTL",
  "PARCEL",
  "CONTAINER",
  "BULK",
  "TEMPERATURE_CONTROLLED",
] as const;
export type GlecTransportType = (typeof glecTransportTypes)[number];

/** Size class of the vehicle (gross vehicle weight for road). Recorded, not calculated. */
export const glecVehicleTransportSizes = [
  "UP_TO_3_5T",
  "3_5T_TO_7_5T",
  "7_5T_TO_17T",
  "17T_TO_33T",
  "OVER_33T",
  "SMALL",
  "MEDIUM",
  "LARGE",
  "AVERAGE",
] as const;
export type GlecVehicleTransportSize = (typeof glecVehicleTransportSizes)[number];
