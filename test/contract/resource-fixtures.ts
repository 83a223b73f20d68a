/** One fixture per plain resource: what the generic resource contract stores and checks. */
import { categoryId } from "../../src/core/ids.js";
import type { CarbonService, InputOf, ReadOnlyName, ResourceName } from "../../src/core/service.js";
import { certificatesFixture } from "./certificate-fixture.js";
import type { ReadOnlyFixture } from "./read-only-resources.js";
import type { ResourceFixture } from "./resources.js";

/** A UUID per index; names run the other way, so name order is not id order. */
function idOf(prefix: string, index: number): string {
  return `${prefix}0000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
}

export const companiesFixture: ResourceFixture<"companies"> = {
  name: "companies",
  setup: async () => {},
  sample: (index) => ({ id: idOf("a", index), name: `Company ${9 - index}`, country: "ES" }),
  changed: (input) => ({ ...input, name: `${input.name} renamed`, country: "PT" }),
  invalid: { id: idOf("a", 0), name: "   " },
  filter: {},
};

/** The company the suppliers and custom factors of the fixtures belong to. */
const OWNER = "b0000000-0000-4000-8000-000000000001";

async function storeOwner(service: CarbonService): Promise<void> {
  await service.companies.upsert({ id: OWNER, name: "Fixture owner", country: "ES" });
}

export const suppliersFixture: ResourceFixture<"suppliers"> = {
  name: "suppliers",
  setup: storeOwner,
  sample: (index) => ({
    id: idOf("c", index),
    name: `Supplier ${9 - index}`,
    email: `supplier${index}@example.com`,
    companyId: OWNER,
    externalId: `EXT-${index}`,
    type: index % 2 === 0 ? "suppliers" : "clients",
  }),
  changed: (input) => ({ ...input, name: `${input.name} renamed`, address: "Bilbao" }),
  invalid: { id: idOf("c", 0), name: "   ", companyId: OWNER, type: "suppliers" },
  filter: { companyId: OWNER },
  // The spec's answer, `{id, name, email}`, and what the upsert did.
  updateAnswer: (record) => ({
    id: record.id,
    name: record.name,
    email: record.email,
    outcome: "updated",
  }),
};

/** One category for every sample: the list orders categories by the catalog, not by id. */
export const customFactorsFixture: ResourceFixture<"customFactors"> = {
  name: "customFactors",
  setup: storeOwner,
  sample: (index) => ({
    id: idOf("d", index),
    companyId: OWNER,
    categoryId: categoryId("electricity"),
    basis: "location",
    // Years run the other way, so list order is not id order.
    year: 2030 - index,
    unit: "kWh",
    co2e: 0.1 + index / 100,
    source: `Supplier disclosure ${index}`,
  }),
  changed: (input) => ({ ...input, co2e: 0.5, source: "Supplier disclosure, revised" }),
  invalid: {
    id: idOf("d", 0),
    companyId: OWNER,
    categoryId: categoryId("electricity"),
    unit: "kWh",
    co2e: -1,
    source: "A negative factor",
  },
  filter: { companyId: OWNER },
};

const COMPANY = idOf("c", 1);

export const buildingsFixture: ResourceFixture<"buildings"> = {
  name: "buildings",
  setup: async (service) => {
    await service.companies.upsert({ id: COMPANY, name: "Building owner", country: "ES" });
  },
  sample: (index) => ({
    id: idOf("b", index),
    companyId: COMPANY,
    name: `Building ${9 - index}`,
    country: "ES",
  }),
  changed: (input) => ({ ...input, name: `${input.name} renamed`, country: "PT" }),
  invalid: { id: idOf("b", 0), companyId: COMPANY, name: "   " },
  filter: { companyId: COMPANY },
};

export const wasteOperatorsFixture: ResourceFixture<"wasteOperators"> = {
  name: "wasteOperators",
  setup: storeOwner,
  sample: (index) => ({
    id: idOf("e", index),
    companyId: OWNER,
    name: `Operator ${9 - index}`,
    registrationCode: `13/GR/${String(index).padStart(4, "0")}`,
    countryCode: "ES",
    treatments: index % 2 === 0 ? ["recycling"] : ["landfill", "incineration"],
  }),
  changed: (input) => ({
    ...input,
    name: `${input.name} renamed`,
    countryCode: "PT",
    treatments: ["composting", "anaerobic_digestion"],
  }),
  invalid: { id: idOf("e", 0), companyId: OWNER, name: "   ", treatments: ["recycling"] },
  filter: { companyId: OWNER },
};

/** The building the fixture's invoices bill (of the fixture owner). */
const BILLED = idOf("8", 1);

/** Electricity invoices of one building, months running the other way from the ids. */
export const invoicesFixture: ResourceFixture<"invoices"> = {
  name: "invoices",
  setup: async (service) => {
    await storeOwner(service);
    await service.buildings.upsert({ id: BILLED, companyId: OWNER, name: "Billed", country: "ES" });
  },
  sample: (index) => ({
    id: idOf("9", index),
    type: "electricity",
    companyId: OWNER,
    buildingId: BILLED,
    startDate: `2024-${String(9 - index).padStart(2, "0")}-01`,
    endDate: `2024-${String(9 - index).padStart(2, "0")}-28`,
    cup: "ES0021000000000000AA",
    totalCost: 100 + index,
    currency: "EUR",
    lines: [{ quantity: 1000 + index, unit: "kWh" }],
  }),
  changed: (input) => ({ ...input, supplier: "Iberdrola", totalCost: 250 }),
  invalid: {
    id: idOf("9", 0),
    type: "wastes",
    companyId: OWNER,
    buildingId: BILLED,
    startDate: "2024-01-01",
    endDate: "2024-01-31",
    totalCost: 10,
    currency: "EUR",
  },
  filter: { companyId: OWNER },
};

/** The building the fixture's comments are on (of the fixture owner). */
const COMMENTED = idOf("f", 99);

function commentSample(index: number): InputOf<"comments"> {
  return {
    // Ids run the other way, so ties of createdAt sort as the creation order below does.
    id: idOf("f", 9 - index),
    companyId: OWNER,
    entityType: "building",
    entityId: COMMENTED,
    text: `Comment ${index}`,
  };
}

/**
 * Comments list oldest first: the setup writes the samples last to first, so the list (and the
 * contract's later upserts, which keep createdAt) is not the samples' order.
 */
export const commentsFixture: ResourceFixture<"comments"> = {
  name: "comments",
  setup: async (service) => {
    await storeOwner(service);
    await service.buildings.upsert({
      id: COMMENTED,
      companyId: OWNER,
      name: "Commented building",
      country: "ES",
    });
    for (let index = 4; index >= 0; index -= 1) await service.comments.upsert(commentSample(index));
  },
  sample: commentSample,
  changed: (input) => ({ ...input, text: `${input.text}, edited` }),
  invalid: {
    id: idOf("f", 9),
    companyId: OWNER,
    entityType: "building",
    entityId: COMMENTED,
    text: "   ",
  },
  filter: { companyId: OWNER },
};

/** The goal the tasks of the fixtures belong to. */
const GOAL = "f0000000-0000-4000-8000-000000000001";

export const goalsFixture: ResourceFixture<"goals"> = {
  name: "goals",
  setup: storeOwner,
  sample: (index) => ({
    id: idOf("f", index + 10),
    companyId: OWNER,
    name: `Goal ${9 - index}`,
    baseYear: 2019 + index,
    targetYear: 2030,
    scopes: index % 2 === 0 ? [1, 2] : [1, 2, 3],
    reductionPercent: 42,
    pathway: index % 2 === 0 ? "linear" : null,
  }),
  changed: (input) => ({
    ...input,
    name: `${input.name} renamed`,
    targetYear: 2040,
    scopes: [3],
    reductionPercent: 90,
    pathway: null,
  }),
  invalid: {
    id: idOf("f", 10),
    companyId: OWNER,
    name: "Backwards",
    baseYear: 2030,
    targetYear: 2030,
    scopes: [1],
    reductionPercent: 50,
  },
  filter: { companyId: OWNER },
};

export const tasksFixture: ResourceFixture<"tasks"> = {
  name: "tasks",
  setup: async (service) => {
    await storeOwner(service);
    await service.goals.upsert({
      id: GOAL,
      companyId: OWNER,
      name: "Net zero",
      baseYear: 2019,
      targetYear: 2030,
      scopes: [1, 2],
      reductionPercent: 50,
    });
  },
  sample: (index) => ({
    id: idOf("9", index),
    companyId: OWNER,
    goalId: GOAL,
    title: `Task ${index}`,
    owner: "Facilities",
    // Due dates run the other way, so list order is not id order.
    dueDate: `2026-0${9 - index}-15`,
    status: index % 2 === 0 ? "todo" : "in_progress",
    expectedReductionKg: index * 1000,
  }),
  changed: (input) => ({
    ...input,
    title: `${input.title} renamed`,
    status: "done",
    expectedReductionKg: null,
  }),
  invalid: {
    id: idOf("9", 0),
    companyId: OWNER,
    goalId: GOAL,
    title: "Late",
    owner: "Facilities",
    dueDate: "2026-02-30",
    status: "todo",
  },
  filter: { companyId: OWNER, goalId: GOAL },
};

/** The building the effluent records of the fixture belong to. */
const OUTFALL_BUILDING = idOf("7", 99);

/** Even samples are COD limits, odd ones COD samples; years run the other way to id order. */
export const effluentsFixture: ResourceFixture<"effluents"> = {
  name: "effluents",
  setup: async (service) => {
    await storeOwner(service);
    await service.buildings.upsert({
      id: OUTFALL_BUILDING,
      companyId: OWNER,
      name: "Effluent plant",
      country: "ES",
    });
  },
  sample: (index) =>
    index % 2 === 0
      ? {
          id: idOf("7", index),
          companyId: OWNER,
          buildingId: OUTFALL_BUILDING,
          type: "limit",
          parameter: "COD",
          value: 125,
          unit: "mg/L",
          year: 2030 - index,
        }
      : {
          id: idOf("7", index),
          companyId: OWNER,
          buildingId: OUTFALL_BUILDING,
          type: "quality",
          parameter: "COD",
          value: 100 + index * 20,
          unit: "mg/L",
          sampledAt: `${2030 - index}-05-10`,
          dischargePoint: "Outfall 1",
        },
  changed: (input) => ({ ...input, value: 90, notes: "corrected" }),
  invalid: {
    id: idOf("7", 0),
    companyId: OWNER,
    buildingId: OUTFALL_BUILDING,
    type: "limit",
    parameter: "COD",
    value: 125,
    unit: "kg",
    year: 2030,
  },
  filter: { companyId: OWNER },
};

export const vehiclesFixture: ResourceFixture<"vehicles"> = {
  name: "vehicles",
  setup: storeOwner,
  sample: (index) => ({
    id: idOf("d", index),
    companyId: OWNER,
    name: `Vehicle ${9 - index}`,
    licensePlate: `1234-KL${index}`,
    vehicleType: index % 2 === 0 ? "passenger_car" : "van",
    vehicleCategory: "LAND_TRANSPORTATION",
    fuelType: index % 2 === 0 ? "diesel" : "electric",
    ownership: "owned",
    activeFrom: "2024-01-01",
  }),
  changed: (input) => ({
    ...input,
    name: `${input.name} renamed`,
    ownership: "leased",
    activeTo: "2030-12-31",
  }),
  invalid: {
    id: idOf("d", 0),
    companyId: OWNER,
    name: "Van",
    vehicleType: "van",
    vehicleCategory: "LAND_TRANSPORTATION",
    fuelType: "diesel",
    ownership: "owned",
    activeFrom: "2024-06-01",
    activeTo: "2024-05-31",
  },
  filter: { companyId: OWNER },
};

export const customInputsFixture: ResourceFixture<"customInputs"> = {
  name: "customInputs",
  setup: storeOwner,
  sample: (index) => ({
    id: idOf("8", index),
    companyId: OWNER,
    type: index % 2 === 0 ? "fuel" : "provider",
    // Names run the other way, so list order is not id order.
    name: `Input ${9 - index}`,
    unit: index % 2 === 0 ? "l" : "kWh",
  }),
  changed: (input) => ({ ...input, name: `${input.name} renamed`, unit: "MWh" }),
  invalid: { id: idOf("8", 0), companyId: OWNER, type: "fuel", name: "   ", unit: "t" },
  filter: { companyId: OWNER },
};

/** Accounts of the owner company; e-mails run the other way, so list order is not id order. */
export const usersFixture: ResourceFixture<"users"> = {
  name: "users",
  setup: storeOwner,
  sample: (index) => ({
    id: idOf("f", index),
    email: `User${9 - index}@example.com`,
    companies: [{ companyId: OWNER }],
    roles: index % 2 === 0 ? "ROLE_VIEWER" : "ROLE_MANAGER",
    name: `User ${index}`,
  }),
  changed: (input) => ({ ...input, name: `${input.name ?? ""} renamed`, roles: ["ROLE_OWNER"] }),
  invalid: { id: idOf("f", 0), email: "not-an-email", roles: "ROLE_VIEWER" },
  filter: { companyId: OWNER },
};

/** Every resource's fixture, each run by the generic resource contract on every driver. */
export const resourceFixtures: { readonly [K in ResourceName]: ResourceFixture<K> } = {
  companies: companiesFixture,
  buildings: buildingsFixture,
  suppliers: suppliersFixture,
  customFactors: customFactorsFixture,
  wasteOperators: wasteOperatorsFixture,
  comments: commentsFixture,
  goals: goalsFixture,
  tasks: tasksFixture,
  invoices: invoicesFixture,
  effluents: effluentsFixture,
  vehicles: vehiclesFixture,
  certificates: certificatesFixture,
  customInputs: customInputsFixture,
  users: usersFixture,
};

/** Every read-only resource's fixture, each run by the read-only contract on every driver. */
export const readOnlyFixtures: { readonly [K in ReadOnlyName]: ReadOnlyFixture<K> } = {
  categories: {
    name: "categories",
    filter: { level: "subcategory" },
    keeps: (category) => category.level === "subcategory",
  },
};
