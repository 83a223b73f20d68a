/**
 * The GLEC / ISO 14083 calculation of a service footprint entry, leg by leg (docs/glec.md):
 * - tonne-km = load in tonnes x distance in km;
 * - with an energy quantity (a rate per distance): energy = rate x distance, and emissions =
 *   energy x the fuel factor of the vehicle type (method `measured_energy`);
 * - without one: emissions = tonne-km x the default intensity of the TOC given, else of the
 *   vehicle type's default TOC (method `default_intensity`).
 * Each leg is split into TTW, WTT and WTW (= TTW + WTT), kg CO2e; the entry adds them up and
 * divides by its tonne-km for an intensity in g CO2e per tonne-km. Nothing is rounded.
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
  type GlecEnergyUnit,
  glecEnergyRateUnits,
  glecTocs,
  glecVehicleTypes,
  tonnesPerLoadUnit,
} from "../../core/model/glec-codes.js";
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

/** The calculation of one action; `at` prefixes the paths of its issues (`actions.2.`). */
export function calculateLeg(action: GlecAction, factors: GlecFactorTable, at = ""): LegOutcome {
  const vehicle = glecVehicleTypes[action.vehicleType];
  if (action.mode !== "internal" && action.mode !== vehicle.mode) {
    return fail(
      `${at}mode`,
      `vehicle type ${action.vehicleType} is a ${vehicle.mode} vehicle, but mode is ${action.mode}`,
    );
  }
  if (action.toc !== null && glecTocs[action.toc].mode !== vehicle.mode) {
    return fail(
      `${at}toc`,
      `toc ${action.toc} is a ${glecTocs[action.toc].mode} category; vehicle type ${action.vehicleType} is a ${vehicle.mode} vehicle`,
    );
  }
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
  };

  if (action.energyQuantity !== null && action.energyQuantityUnit !== null) {
    const rate = glecEnergyRateUnits[action.energyQuantityUnit];
    const energy = (Number(action.energyQuantity) * distanceKm) / rate.perKm;
    const conversions = toFactorUnit[rate.unit];
    for (const key of vehicle.fuels) {
      const factor = factorOf(factors, key);
      const conversion = conversions[factor.unit];
      if (conversion === undefined) continue;
      return {
        ok: true,
        leg: {
          ...common,
          method: "measured_energy",
          energy,
          energyUnit: rate.unit,
          toc: null,
          factor,
          emissions: scaled(energy * conversion, factor),
        },
      };
    }
    const units = vehicle.fuels.map((key) => factorOf(factors, key).unit).join(", ");
    return fail(
      `${at}energyQuantityUnit`,
      `vehicle type ${action.vehicleType} has fuel factors per ${units}; ${action.energyQuantityUnit} cannot use them`,
    );
  }

  const toc = action.toc ?? vehicle.defaultToc;
  if (toc === null) {
    return fail(
      `${at}energyQuantity`,
      `vehicle type ${action.vehicleType} has no default tonne-km intensity: give energyQuantity and energyQuantityUnit (measured fuel), or a toc`,
    );
  }
  const factor = factorOf(factors, glecTocs[toc].factorKey);
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
    },
  };
}

/** Every leg, the totals and the intensity; every leg's problem is reported at once. */
export function calculateEntry(entry: GlecEntryParsed, factors: GlecFactorTable): GlecCalculation {
  const legs: GlecLegResult[] = [];
  const issues: FieldIssue[] = [];
  entry.actions.forEach((action, index) => {
    const outcome = calculateLeg(action, factors, `actions.${index}.`);
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
  return { legs, tonneKm, emissions, intensity: intensityOf(emissions, tonneKm) };
}

function finiteLeg(leg: GlecLegResult): boolean {
  const { emissions } = leg;
  const figures = [leg.distanceKm, leg.loadTonnes, leg.tonneKm, leg.energy ?? 0];
  return [...figures, emissions.ttw, emissions.wtt, emissions.wtw].every(Number.isFinite);
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
