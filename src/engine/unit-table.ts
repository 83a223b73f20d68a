/**
 * The unit table: `fixtures/factors/units.csv`, row for row (provenance of every figure in
 * `fixtures/factors/SOURCES.md`, "units.csv notes": DESNZ 2025 "Conversions" and "Fuel
 * properties", exact definitions, and a few derived values). A unit test compares this table
 * with the CSV, so the two cannot drift apart; change both together.
 */
export type Dimension =
  | "energy"
  | "volume"
  | "mass"
  | "distance"
  | "freight"
  | "passenger"
  | "accommodation"
  | "working_time"
  // One dimension per currency and price year: no deflator is shipped, so none converts.
  | "spend_usd_2022"
  | "spend_eur_2019"
  | "spend_eur_2020"
  | "spend_eur_2021"
  | "spend_eur_2022"
  | "spend_eur_2023";

export interface UnitDef {
  readonly name: string;
  readonly dimension: Dimension;
  /** How many base units one of this unit is. */
  readonly toBase: number;
  readonly base: string;
}

const row = (name: string, dimension: Dimension, toBase: number, base: string): UnitDef => ({
  name,
  dimension,
  toBase,
  base,
});

export const UNIT_TABLE: readonly UnitDef[] = [
  row("kWh", "energy", 1, "kWh"),
  row("Wh", "energy", 0.001, "kWh"),
  row("MWh", "energy", 1000, "kWh"),
  row("GWh", "energy", 1000000, "kWh"),
  row("MJ", "energy", 0.277777777778, "kWh"),
  row("GJ", "energy", 277.777777778, "kWh"),
  row("TJ", "energy", 277777.777778, "kWh"),
  row("therm", "energy", 29.3071083349, "kWh"),
  row("mmBtu", "energy", 293.071083349, "kWh"),
  row("toe", "energy", 11630, "kWh"),
  row("kcal", "energy", 0.0011627222222, "kWh"),
  row("m3_natural_gas_gcv", "energy", 11.2899322222, "kWh"),
  row("m3_natural_gas_ncv", "energy", 10.1909694444, "kWh"),
  row("scf_natural_gas_hhv", "energy", 0.300690931516, "kWh"),
  row("litre", "volume", 1, "litre"),
  row("l", "volume", 1, "litre"),
  row("L", "volume", 1, "litre"),
  row("ml", "volume", 0.001, "litre"),
  row("m3", "volume", 1000, "litre"),
  row("US_gallon", "volume", 3.785411784, "litre"),
  row("imperial_gallon", "volume", 4.54609, "litre"),
  row("barrel_us_petroleum", "volume", 158.987294928, "litre"),
  row("ft3", "volume", 28.316846592, "litre"),
  row("scf", "volume", 28.316846592, "litre"),
  row("million_litres", "volume", 1000000, "litre"),
  row("kg", "mass", 1, "kg"),
  row("g", "mass", 0.001, "kg"),
  row("t", "mass", 1000, "kg"),
  row("tonne", "mass", 1000, "kg"),
  row("lb", "mass", 0.45359237, "kg"),
  row("short_ton", "mass", 907.18474, "kg"),
  row("long_ton", "mass", 1016.0469088, "kg"),
  row("km", "distance", 1, "km"),
  row("m", "distance", 0.001, "km"),
  row("mile", "distance", 1.609344, "km"),
  row("vehicle_mile", "distance", 1.609344, "km"),
  row("nautical_mile", "distance", 1.852, "km"),
  row("tkm", "freight", 1, "tkm"),
  row("tonne.km", "freight", 1, "tkm"),
  row("short_ton_mile", "freight", 1.45997231821, "tkm"),
  row("tonne_mile", "freight", 1.609344, "tkm"),
  row("pkm", "passenger", 1, "pkm"),
  row("passenger.km", "passenger", 1, "pkm"),
  row("passenger_mile", "passenger", 1.609344, "pkm"),
  row("room_night", "accommodation", 1, "room_night"),
  row("fte_hour", "working_time", 1, "fte_hour"),
  row("usd_2022", "spend_usd_2022", 1, "usd_2022"),
  row("keur_2019", "spend_eur_2019", 1, "keur_2019"),
  row("keur_2020", "spend_eur_2020", 1, "keur_2020"),
  row("keur_2021", "spend_eur_2021", 1, "keur_2021"),
  row("keur_2022", "spend_eur_2022", 1, "keur_2022"),
  row("keur_2023", "spend_eur_2023", 1, "keur_2023"),
];

/**
 * Spellings people write for a unit of the table (keys lower case). Only unambiguous ones:
 * "gal"/"gallon" (US or imperial?) and "ton"/"tons" (short, long or metric?) are left out on
 * purpose, see AMBIGUOUS_UNITS.
 */
export const UNIT_ALIASES: Readonly<Record<string, string>> = {
  litres: "litre",
  liters: "litre",
  liter: "litre",
  lt: "litre",
  ltr: "litre",
  "m³": "m3",
  "m^3": "m3",
  cbm: "m3",
  "ft³": "ft3",
  kgs: "kg",
  kilogram: "kg",
  kilograms: "kg",
  tonnes: "tonne",
  metric_ton: "tonne",
  "metric ton": "tonne",
  miles: "mile",
  therms: "therm",
  us_gal: "US_gallon",
  "us gallon": "US_gallon",
  "us gallons": "US_gallon",
  imp_gal: "imperial_gallon",
  "imperial gallon": "imperial_gallon",
  "imperial gallons": "imperial_gallon",
  "t-km": "tkm",
  "t.km": "tkm",
  "tonne-km": "tkm",
  "p-km": "pkm",
  "p.km": "pkm",
  "passenger-km": "pkm",
};

/** Names that could mean several units: refused, with what to write instead. */
export const AMBIGUOUS_UNITS: Readonly<Record<string, string>> = {
  gal: "US_gallon or imperial_gallon",
  gallon: "US_gallon or imperial_gallon",
  gallons: "US_gallon or imperial_gallon",
  ton: "t (metric), short_ton or long_ton",
  tons: "t (metric), short_ton or long_ton",
};
