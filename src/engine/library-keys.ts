/**
 * The library keys of the extra factor files' rows (docs/factor-library.md, "How the extra files
 * are loaded"). A key is what a subcategory selects, so two rows that only a column the resolver
 * does not read (the vehicle class in `basis`, the heat network in `subcategory`) tells apart get
 * keys of their own here; every rule is a pure function of the row as published.
 */

/** A row of a factor file, columns by header name. */
export type FactorCsvRow = Readonly<Record<string, string>>;

/** MITECO's road vehicle classes as its basis names them, and the key suffix of each. */
const VEHICLE_CLASSES: readonly (readonly [string, string])[] = [
  ["M1 passenger cars", "m1_cars"],
  ["N1 vans", "n1_vans"],
  ["N2/N3 trucks", "n2_n3_trucks"],
  ["M2/M3 buses", "m2_m3_buses"],
  ["L1e/L2e mopeds", "l1e_l2e_mopeds"],
  ["L3e-L7e motorcycles", "l3e_l7e_motorcycles"],
];

/** Keys another file spells differently for the same factor. */
const KEY_ALIASES: Readonly<Record<string, string>> = {
  // DESNZ 2024 flat file "T&D- UK electricity": the library's electricity_td_losses.
  tandd_uk_electricity: "electricity_td_losses",
};

/** ADEME's regulatory default rows for networks the DPE arrêté does not list. */
const UNLISTED_NETWORK = /^District (heat|cooling) network: Autres réseaux/;

const text = (row: FactorCsvRow, column: string): string => (row[column] ?? "").trim();

/** The vehicle class suffix of a MITECO road-fuel row, if it is one. */
function vehicleClassOf(row: FactorCsvRow): string | undefined {
  if (text(row, "category") !== "Mobile combustion") return undefined;
  const basis = text(row, "basis");
  return VEHICLE_CLASSES.find(([label]) => basis.includes(`; ${label}`))?.[1];
}

/**
 * The key a row of `file` takes in the library:
 * - MITECO road fuels by vehicle class: the key plus the class (`diesel_fuel_n1_vans`), except
 *   passenger cars (M1), which keep the key, the country's road fuel as the library already
 *   prices it, unless the file also prices that key in a stationary installation (LPG), where a
 *   plain key means the heating fuel: then M1 gets its suffix too;
 * - EPA Table 2 mobile rows published as CO2 only: the key plus `_mobile_co2_only`, so that only
 *   a consumption that picks that subcategory gets a figure without CH4 and N2O;
 * - ADEME heat and cooling networks: one key per network (`district_heat_network_<element id>`);
 *   the DPE default for networks not listed is `district_heat` / `district_cooling`, what a bill
 *   naming no network gets in France;
 * - aliases of library keys (`tandd_uk_electricity`);
 * - else the key as published.
 * `stationaryKeys`: the keys the same file prices in a stationary installation.
 */
export function libraryKeyOf(
  file: string,
  row: FactorCsvRow,
  stationaryKeys: ReadonlySet<string>,
): string {
  const key = text(row, "key");
  const vehicleClass = file.includes("miteco") ? vehicleClassOf(row) : undefined;
  if (vehicleClass !== undefined) {
    const plain = vehicleClass === "m1_cars" && !stationaryKeys.has(key);
    return plain ? key : `${key}_${vehicleClass}`;
  }
  if (file.includes("epa-hub") && isCo2Only(row) && text(row, "basis").startsWith("mobile")) {
    return `${key}_mobile_co2_only`;
  }
  if (key === "district_heat_network" || key === "district_cooling_network") {
    if (UNLISTED_NETWORK.test(text(row, "subcategory"))) {
      return key === "district_heat_network" ? "district_heat" : "district_cooling";
    }
    return `${key}_${text(row, "source_id").replace(/\D/g, "")}`;
  }
  return KEY_ALIASES[key] ?? key;
}

/** A row whose CO2e is empty on purpose because the source gives CO2 alone. */
export function isCo2Only(row: FactorCsvRow): boolean {
  return /^CO2 only/i.test(text(row, "gas_basis")) && text(row, "kgco2e_per_unit") === "";
}

/** A biogenic CO2 row (outside of scopes): folded into its factor, never a factor itself. */
export function isBiogenicOnly(row: FactorCsvRow): boolean {
  if (text(row, "scope") === "") return true;
  return /^biogenic CO2 only/i.test(text(row, "gas_basis")) && text(row, "kgco2e_per_unit") === "";
}

/** A parameter row (the eGRID grid gross loss fractions): calc-lines' data, not a factor. */
export function isParameter(row: FactorCsvRow): boolean {
  return text(row, "parameter_value") !== "";
}

/** `natural_gas_wtt` + `type_b_nord` -> `natural_gas_type_b_nord_wtt`; others append. */
export function withVariant(key: string, variant: string): string {
  return key.endsWith("_wtt") ? `${key.slice(0, -4)}_${variant}_wtt` : `${key}_${variant}`;
}

/** Lower-case words joined by `_`: "Dry (25% humidity)" -> "dry_25pct_humidity". */
export function slug(words: string): string {
  return words
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/%/g, "pct")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/**
 * What a variant's basis says that the first row's does not: the `;`-separated parts missing
 * from the first, as a slug ("Type B, nord" -> `type_b_nord`).
 */
export function variantOf(firstBasis: string, basis: string): string {
  const first = new Set(firstBasis.split(";").map((part) => part.trim()));
  const own = basis
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !first.has(part));
  return slug(own.join(" "));
}
