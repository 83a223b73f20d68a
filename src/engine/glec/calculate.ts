/**
 * The GLEC / ISO 14083 calculation of a service footprint entry, leg by leg (docs/glec.md):
 * - tonne-km = load in tonnes x distance in km;
 * - with an energy quantity (a rate per distance): the vehicle's energy = rate x distance, the
 *   shipment's = that x its tonne-km / the vehicle operation's (ISO 14083 allocation), and
 *   emissions = the shipment's energy x the vehicle type's fuel factor, or the grid factor of the
 *   leg's country for electric traction (method `measured_energy`);
 * - without one: emissions = tonne-km x the default intensity of the TOC given, else of the
 *   vehicle type's default TOC (method `default_intensity`).
 * Each leg is split into TTW, WTT and WTW (= TTW + WTT), kg CO2e, and an air leg with RF reports
 * the RF uplift apart; the entry adds them up and divides by its tonne-km for an intensity in g
 * CO2e per tonne-km. Nothing is rounded.
 */
import { type FieldIssue, validationError } from "../../core/errors.js";
import type {
  GlecAction,
  GlecCalculation,
  GlecEntryParsed,
  GlecFactor,
  GlecGhg,
  GlecLegResult,
} from "../../core/model/glec.js";
import {
  electricVehicleTypes,
  type GlecEnergyUnit,
  glecEnergyRateUnits,
  glecTocs,
  glecVehicleTypes,
  tonnesPerLoadUnit,
} from "../../core/model/glec-codes.js";
import { allocationOf } from "./allocation.js";
import type { GlecFactorTable } from "./factors.js";

/** How a quantity in `unit` becomes the unit of a factor row (units.csv: t = 1000 kg). */
const toFactorUnit: Readonly<Record<GlecEnergyUnit, Readonly<Record<string, number>>>> = {
  l: { litre: 1 },
  kg: { kg: 1, t: 0.001 },
  t: { t: 1, kg: 1000 },
  kWh: { kWh: 1 },
};

type LegOutcome =
  | { readonly ok: true; readonly leg: GlecLegResult }
  | { readonly ok: false; readonly issues: FieldIssue[] };

function factorOf(factors: GlecFactorTable, key: string): GlecFactor {
  const factor = factors.get(key);
  // The code lists only name rows of glec-defaults.csv (a test checks it): a miss is a bug.
  if (factor === undefined) throw new Error(`glec-defaults.csv has no usable row "${key}"`);
  return factor;
}

function scaled(quantity: number, factor: GlecFactor): GlecGhg {
  const ttw = quantity * factor.ttw;
  const wtt = quantity * factor.wtt;
  return { ttw, wtt, wtw: ttw + wtt };
}

function fail(path: string, message: string): LegOutcome {
  return { ok: false, issues: [{ path, message }] };
}

/** The TOC a vehicle type may take, or why not (another mode, another vehicle or fuel). */
function tocIssue(action: GlecAction, at: string): LegOutcome | undefined {
  if (action.toc === null) return undefined;
  const vehicle = glecVehicleTypes[action.vehicleType];
  const toc = glecTocs[action.toc];
  if (toc.mode !== vehicle.mode) {
    return fail(
      `${at}toc`,
      `toc ${action.toc} is a ${toc.mode} category; vehicle type ${action.vehicleType} is a ${vehicle.mode} vehicle`,
    );
  }
  if (vehicle.tocs.includes(action.toc)) return undefined;
  const accepted =
    vehicle.tocs.length === 0
      ? "none in glec-defaults.csv (give energyQuantity, measured fuel)"
      : vehicle.tocs.join(", ");
  return fail(
    `${at}toc`,
    `toc ${action.toc} does not describe vehicle type ${action.vehicleType} (its vehicle or fuel differs); accepted: ${accepted}`,
  );
}

/** `country` names the grid of measured kWh; on any other leg it would mean nothing. */
function countryIssue(action: GlecAction, at: string): LegOutcome | undefined {
  if (action.country === null) return undefined;
  const unit =
    action.energyQuantityUnit === null ? null : glecEnergyRateUnits[action.energyQuantityUnit].unit;
  if (electricVehicleTypes.has(action.vehicleType) && unit === "kWh") return undefined;
  return fail(
    `${at}country`,
    `country names the grid an electric leg's measured kWh came from; this ${action.vehicleType} leg has none: leave country out`,
  );
}

/** The factor of measured energy in `unit`: the vehicle's fuel row, or the leg's grid. */
function energyFactor(
  action: GlecAction,
  unit: GlecEnergyUnit,
  factors: GlecFactorTable,
  year: number,
  at: string,
): { factor: GlecFactor; conversion: number } | LegOutcome {
  if (electricVehicleTypes.has(action.vehicleType) && unit === "kWh") {
    if (action.country === null) {
      return fail(
        `${at}country`,
        `vehicle type ${action.vehicleType} runs on grid electricity: give the country whose grid supplied it (ISO 3166 code, e.g. "ES")`,
      );
    }
    const grid = factors.grid(action.country, year);
    if (!grid.ok) return fail(`${at}country`, grid.message);
    return { factor: grid.factor, conversion: 1 };
  }
  const vehicle = glecVehicleTypes[action.vehicleType];
  for (const key of vehicle.fuels) {
    const factor = factorOf(factors, key);
    const conversion = toFactorUnit[unit][factor.unit];
    if (conversion !== undefined) return { factor, conversion };
  }
  const units = electricVehicleTypes.has(action.vehicleType)
    ? "kWh"
    : vehicle.fuels.map((key) => factorOf(factors, key).unit).join(", ");
  return fail(
    `${at}energyQuantityUnit`,
    `vehicle type ${action.vehicleType} has energy factors per ${units}; ${action.energyQuantityUnit} cannot use them`,
  );
}

/**
 * The calculation of one action in an entry of year `year` (the grid's year for electric legs);
 * `at` prefixes the paths of its issues (`actions.2.`).
 */
export function calculateLeg(
  action: GlecAction,
  factors: GlecFactorTable,
  year: number,
  at = "",
): LegOutcome {
  const vehicle = glecVehicleTypes[action.vehicleType];
  if (action.mode !== "internal" && action.mode !== vehicle.mode) {
    return fail(
      `${at}mode`,
      `vehicle type ${action.vehicleType} is a ${vehicle.mode} vehicle, but mode is ${action.mode}`,
    );
  }
  const refused = tocIssue(action, at) ?? countryIssue(action, at);
  if (refused !== undefined) return refused;
  const distanceKm = Number(action.distance);
  const loadTonnes = Number(action.load) * tonnesPerLoadUnit[action.loadUnit];
  const tonneKm = loadTonnes * distanceKm;
  const common = {
    actionId: action.id.toLowerCase(),
    mode: vehicle.mode,
    vehicleType: action.vehicleType,
    distanceKm,
    loadTonnes,
    tonneKm,
    vehicleEnergy: null,
    allocationBasis: null,
    vehicleTransportActivity: null,
    allocationShare: null,
    rfUplift: null,
    rfFactor: null,
  };

  if (action.energyQuantity !== null && action.energyQuantityUnit !== null) {
    const rate = glecEnergyRateUnits[action.energyQuantityUnit];
    const found = energyFactor(action, rate.unit, factors, year, at);
    if ("ok" in found) return found;
    const allocated = allocationOf(action, tonneKm, distanceKm, at);
    if (!allocated.ok) return { ok: false, issues: [allocated.issue] };
    const { allocation } = allocated;
    const vehicleEnergy = (Number(action.energyQuantity) * distanceKm) / rate.perKm;
    const energy = vehicleEnergy * allocation.share;
    return {
      ok: true,
      leg: {
        ...common,
        method: "measured_energy",
        energy,
        energyUnit: rate.unit,
        toc: null,
        factor: found.factor,
        emissions: scaled(energy * found.conversion, found.factor),
        vehicleEnergy,
        allocationBasis: allocation.basis,
        vehicleTransportActivity: allocation.vehicleTransportActivity,
        allocationShare: allocation.share,
      },
    };
  }

  const toc = action.toc ?? vehicle.defaultToc;
  if (toc === null) {
    return fail(
      `${at}energyQuantity`,
      `vehicle type ${action.vehicleType} has no default tonne-km intensity: give energyQuantity and energyQuantityUnit (measured fuel), or a toc`,
    );
  }
  const { factorKey, rfFactorKey } = glecTocs[toc];
  const factor = factorOf(factors, factorKey);
  const rfFactor = rfFactorKey === undefined ? null : factorOf(factors, rfFactorKey);
  return {
    ok: true,
    leg: {
      ...common,
      method: "default_intensity",
      energy: null,
      energyUnit: null,
      toc,
      factor,
      emissions: scaled(tonneKm, factor),
      rfUplift: rfFactor === null ? null : tonneKm * (rfFactor.ttw - factor.ttw),
      rfFactor,
    },
  };
}

/** Every leg, the totals and the intensity; every leg's problem is reported at once. */
export function calculateEntry(entry: GlecEntryParsed, factors: GlecFactorTable): GlecCalculation {
  const legs: GlecLegResult[] = [];
  const issues: FieldIssue[] = [];
  const year = Number(entry.startDate.slice(0, 4));
  entry.actions.forEach((action, index) => {
    const outcome = calculateLeg(action, factors, year, `actions.${index}.`);
    if (!outcome.ok) issues.push(...outcome.issues);
    else if (finiteLeg(outcome.leg)) legs.push(outcome.leg);
    else {
      // Bounded inputs cannot get here; a figure that overflowed would make every total null.
      const message =
        "the leg's tonne-km or emissions are not finite numbers: check distance and load";
      issues.push({ path: `actions.${index}.distance`, message });
    }
  });
  if (issues.length > 0) {
    const first = issues[0];
    const detail = first === undefined ? "" : `: ${first.path}: ${first.message}`;
    throw validationError(`GLEC entry ${entry.id} cannot be calculated${detail}`, issues);
  }
  let tonneKm = 0;
  const emissions = { ttw: 0, wtt: 0, wtw: 0 };
  for (const leg of legs) {
    tonneKm += leg.tonneKm;
    emissions.ttw += leg.emissions.ttw;
    emissions.wtt += leg.emissions.wtt;
    emissions.wtw += leg.emissions.wtw;
  }
  return {
    legs,
    tonneKm,
    emissions,
    intensity: intensityOf(emissions, tonneKm),
    rfUplift: rfUpliftOf(legs),
  };
}

function finiteLeg(leg: GlecLegResult): boolean {
  const { emissions } = leg;
  const figures = [leg.distanceKm, leg.loadTonnes, leg.tonneKm, leg.energy ?? 0, leg.rfUplift ?? 0];
  return [...figures, emissions.ttw, emissions.wtt, emissions.wtw].every(Number.isFinite);
}

/** The sum of the legs' RF uplift, kg CO2e; null when no leg reports one. */
export function rfUpliftOf(legs: readonly Pick<GlecLegResult, "rfUplift">[]): number | null {
  const uplifts = legs.flatMap((leg) => (leg.rfUplift === null ? [] : [leg.rfUplift]));
  return uplifts.length === 0 ? null : uplifts.reduce((sum, uplift) => sum + uplift, 0);
}

/** g CO2e per tonne-km from kg CO2e; null for 0 tonne-km. */
export function intensityOf(emissions: GlecGhg, tonneKm: number): GlecGhg | null {
  if (tonneKm <= 0) return null;
  return {
    ttw: (emissions.ttw * 1000) / tonneKm,
    wtt: (emissions.wtt * 1000) / tonneKm,
    wtw: (emissions.wtw * 1000) / tonneKm,
  };
}
