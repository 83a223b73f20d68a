/**
 * The memory of the interface mocks: what was seeded or POSTed is listed by a later GET, lists
 * answer `{data, pagination}` honouring page and limit with at most 100 items a page, and answers
 * take the specification's minimal shapes ("spec") or the hosted service's published ones
 * ("hosted": ../shared/spec/hosted-service.md). A plain resource's spec operation without a
 * handler here gets the generic one of its descriptor (mock-resources.ts).
 */
import { randomUUID } from "node:crypto";
import { resourceDescriptors } from "../../src/core/resources/index.js";
import { organizationLimitHandlers } from "./mock-orglimits-inputs.js";
import { regosHandlers } from "./mock-regos.js";
import { everyResourceHandler } from "./mock-resources.js";
import { userHandlers } from "./mock-users.js";

export type Shapes = "spec" | "hosted";
export type Item = Readonly<Record<string, unknown>>;

/** The largest page the mocks answer, whatever `limit` asks for. */
export const MOCK_MAX_PAGE = 100;
const DEFAULT_PAGE = 20;

export interface MockSeed {
  readonly companies: readonly Item[];
  readonly buildings: readonly Item[];
  readonly categories: readonly Item[];
  readonly consumptions: readonly Item[];
  readonly emissions: readonly Item[];
  readonly suppliers: readonly Item[];
  readonly glec: readonly Item[];
  readonly customFactors: readonly Item[];
  readonly comments: readonly Item[];
  readonly goals: readonly Item[];
  readonly tasks: readonly Item[];
  /** Absent: none. */
  readonly effluents?: readonly Item[];
  readonly regosRows: readonly Item[];
  readonly organizationLimits?: readonly Item[];
  readonly customInputs?: readonly Item[];
  /** Accounts (mock-users.ts); absent: none. */
  readonly users?: readonly Item[];
}

/** A seed of no records (a mock whose tests write what they read). */
export const emptyMockSeed: MockSeed = {
  companies: [],
  buildings: [],
  categories: [],
  consumptions: [],
  emissions: [],
  suppliers: [],
  glec: [],
  customFactors: [],
  comments: [],
  goals: [],
  tasks: [],
  regosRows: [],
};

export interface Call {
  readonly method: string;
  readonly params: Readonly<Record<string, string | string[]>>;
  readonly query: Readonly<Record<string, string | string[]>>;
  readonly body: unknown;
}

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

export type Handler = (call: Call) => Answer;

const consumptionFields = [
  "id",
  "entityId",
  "categoryId",
  "startDate",
  "endDate",
  "companyId",
  "buildingId",
  "quantity",
  "unitType",
] as const;
const glecFields = [
  "id",
  "clientId",
  "startDate",
  "endDate",
  "companyId",
  "externalId",
  "from",
  "to",
];
const supplierFields = ["id", "name", "email", "address", "companyId", "externalId", "type"];

function isItem(value: unknown): value is Item {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Only the fields named, and only those with a value (the request shapes of the document). */
function pick(item: Item, fields: readonly string[]): Item {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = item[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}

/** A record as a client would have POSTed it: without the times a server of ours adds. */
function asPosted(item: Item): Item {
  const { createdAt: _created, updatedAt: _updated, ...posted } = item;
  return posted;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function dateTime(value: unknown): unknown {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T00:00:00.000Z`
    : value;
}

function positive(value: string | string[] | undefined, fallback: number): number {
  const number = Number(typeof value === "string" ? value : Number.NaN);
  return Number.isInteger(number) && number >= 1 ? number : fallback;
}

export function page(items: readonly Item[], query: Call["query"]): Answer {
  const limit = Math.min(positive(query.limit, DEFAULT_PAGE), MOCK_MAX_PAGE);
  const number = positive(query.page, 1);
  const data = items.slice((number - 1) * limit, number * limit);
  return { status: 200, body: { data, pagination: { page: number, limit, total: items.length } } };
}

/** Items whose field equals each of `fields` given as a single value in the query. */
export function matching(
  items: Iterable<Item>,
  query: Call["query"],
  fields: readonly string[],
): Item[] {
  return [...items].filter((item) =>
    fields.every((field) => {
      const wanted = query[field];
      return typeof wanted !== "string" || item[field] === wanted;
    }),
  );
}

function values(value: string | string[] | undefined): string[] | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? value : [value];
}

/**
 * Consumptions or emissions under the filter names the hosted service documents: companyId,
 * buildingIds[], categoryIds[] (a subcategory's id), and startDate/endDate (overlapping days).
 */
function inPeriod(items: Iterable<Item>, query: Call["query"]): Item[] {
  const buildings = values(query["buildingIds[]"]);
  const categories = values(query["categoryIds[]"]);
  const from = text(query.startDate);
  const to = text(query.endDate);
  const day = (value: unknown) => String(value).slice(0, 10);
  return matching(items, query, ["companyId"]).filter(
    (item) =>
      (buildings === undefined || buildings.includes(String(item.buildingId))) &&
      (categories === undefined || categories.includes(String(item.categoryId))) &&
      (from === undefined || day(item.endDate) >= from) &&
      (to === undefined || day(item.startDate) <= to),
  );
}

export const ok = (body: unknown, status = 200): Answer => ({ status, body });
export const notFound = (what: string): Answer => ({
  status: 404,
  body: { message: `${what} not found` },
});

/** A GLEC entry as the hosted service lists it: numbers, date-times, emissions, authorship. */
function hostedGlec(entry: Item): Item {
  const actions = Array.isArray(entry.actions) ? entry.actions.filter(isItem) : [];
  return {
    ...entry,
    startDate: dateTime(entry.startDate),
    endDate: dateTime(entry.endDate),
    actions: actions.map((action) => ({
      ...action,
      distance: Number(action.distance),
      load: Number(action.load),
      emission: 12.5,
      emissions: [
        {
          co2e: 12.5,
          emissionFactorSnapshot: { id: randomUUID(), countryCode: "ES", entityName: "glec" },
        },
      ],
    })),
    authorship: {
      owner: "ana@example.com",
      lastModifiedBy: "ana@example.com",
      createdAt: "2025-03-13T09:00:00.000Z",
      updatedAt: "2025-03-13T09:00:00.000Z",
    },
  };
}

/** What the hosted service requires of a GLEC listing (hosted-service.md). */
const hostedGlecRequired = ["companyId", "startDate", "endDate"] as const;

/** Entries whose period shares a day with the query's `startDate`..`endDate`. */
function overlapping(items: readonly Item[], query: Call["query"]): Item[] {
  const day = (value: unknown) => String(value).slice(0, 10);
  const from = day(query.startDate);
  const to = day(query.endDate);
  return items.filter((item) => day(item.endDate) >= from && day(item.startDate) <= to);
}

function supplierAnswer(supplier: Item): Item {
  return pick(supplier, ["id", "name", "email"]);
}

/** A goal and a task as a spec server may answer them: id, company and name or title alone. */
function goalAnswer(goal: Item): Item {
  return pick(goal, ["id", "companyId", "name"]);
}
function taskAnswer(task: Item): Item {
  return pick(task, ["id", "companyId", "title"]);
}

/** A waste operator as a spec server may answer it: id, company and name alone. */
function wasteOperatorAnswer(operator: Item): Item {
  return pick(operator, ["id", "companyId", "name"]);
}

/** An invoice as a spec server may answer it: id, type and company alone. */
function invoiceAnswer(invoice: Item): Item {
  return pick(invoice, ["id", "type", "companyId"]);
}

/** A vehicle as a spec server may answer it: id, company and name alone. */
function vehicleAnswer(vehicle: Item): Item {
  return pick(vehicle, ["id", "companyId", "name"]);
}

/** A comment as a spec server may answer it: no author, no dates. */
function commentAnswer(comment: Item): Item {
  return pick(comment, ["id", "companyId", "entityType", "entityId", "text"]);
}

/** Stores a POSTed body by its id (a new one when it has none), and says whether it was new. */
export function upsertInto(
  store: Map<string, Item>,
  body: unknown,
): { item: Item; created: boolean } {
  const given = isItem(body) ? body : {};
  const id = text(given.id) ?? randomUUID();
  const created = !store.has(id);
  const item = { ...given, id };
  store.set(id, item);
  return { item, created };
}

export function storeHandlers(
  shapes: Shapes,
  seed: MockSeed,
): Record<string, Handler> & { fallback: Handler } {
  const table = (items: readonly Item[]) =>
    new Map(items.map((item) => [String(item.id), item] as const));
  const companies = table(seed.companies.map(asPosted));
  const buildings = table(seed.buildings.map(asPosted));
  const consumptions = table(
    seed.consumptions.map((item) => {
      const record = pick(item, consumptionFields);
      return {
        ...record,
        startDate: dateTime(record.startDate),
        endDate: dateTime(record.endDate),
      };
    }),
  );
  const emissions = table(seed.emissions);
  const suppliers = table(seed.suppliers.map((item) => pick(item, supplierFields)));
  const glec = table(
    seed.glec.map((entry) => ({
      ...pick(entry, glecFields),
      actions: Array.isArray(entry.actions) ? entry.actions : [],
    })),
  );
  const customFactors = table(seed.customFactors.map(asPosted));
  const wasteOperators = table([]);
  const vehicles = table([]);
  const comments = table(seed.comments);
  const goals = table(seed.goals);
  const tasks = table(seed.tasks);
  const invoices = table([]);
  const effluents = table((seed.effluents ?? []).map(postedEffluent));
  const hosted = shapes === "hosted";

  return {
    // A plain resource's spec operations without a handler below: the descriptors' generic ones.
    ...everyResourceHandler(Object.values(resourceDescriptors)),
    "POST /api/v1/auth/who-am-i": () =>
      ok(
        hosted
          ? {
              id: "0b5d8a52-7c1e-4f0a-9a57-3f6e1d2c4b8a",
              email: "ana@example.com",
              name: "Ana",
              companies: [...companies.keys()].map((companyId) => ({ companyId })),
              roles: ["ROLE_OWNER"],
            }
          : {},
      ),
    "GET /api/v1/companies": (call) => page([...companies.values()], call.query),
    "POST /api/v1/companies": (call) => ok(upsertInto(companies, call.body).item, 201),
    "GET /api/v1/companies/{id}/buildings": (call) =>
      page(
        matching(buildings.values(), { ...call.query, companyId: call.params.id ?? "" }, [
          "companyId",
        ]),
        call.query,
      ),
    "POST /api/v1/buildings/move": (call) => {
      const body = isItem(call.body) ? call.body : {};
      const ids = Array.isArray(body.buildingIds) ? body.buildingIds.map(String) : [];
      const target = text(body.companyId) ?? "";
      for (const store of [buildings, consumptions, emissions]) {
        for (const [key, item] of store) {
          const moved =
            store === buildings ? ids.includes(key) : ids.includes(String(item.buildingId));
          if (moved) store.set(key, { ...item, companyId: target });
        }
      }
      return ok({});
    },
    "GET /api/v1/categories": (call) =>
      page(matching(seed.categories, call.query, ["level"]), call.query),
    "GET /api/v1/consumptions": (call) =>
      page(inPeriod(consumptions.values(), call.query), call.query),
    "GET /api/v1/consumptions/{id}": (call) => {
      const item = consumptions.get(String(call.params.id));
      if (item === undefined) return notFound("consumption");
      return ok(hosted ? { id: item.id, data: item } : item);
    },
    "POST /api/v1/consumptions": (call) => {
      const body = isItem(call.body) ? call.body : {};
      if (body.removedAt !== undefined && body.removedAt !== null) {
        const removed = consumptions.delete(String(body.id));
        emissions.forEach((emission, key) => {
          if (emission.consumptionId === body.id) emissions.delete(key);
        });
        return ok(hosted ? { status: "ok", isCreated: false, isUpdated: removed } : {});
      }
      const { item, created } = upsertInto(consumptions, body);
      return ok(hosted ? { status: "ok", isCreated: created, isUpdated: !created } : item, 201);
    },
    "GET /api/v1/consumptions/dashboard": () => ok({}),
    "GET /api/v1/emissions": (call) => page(inPeriod(emissions.values(), call.query), call.query),
    "GET /api/v1/emissions/dashboard": () => ok({}),
    "GET /api/v1/emission-factors/custom": (call) =>
      page(matching(customFactors.values(), call.query, ["companyId"]), call.query),
    // The hosted service's fields are not published: its mock answers the fewest a record has.
    "GET /api/v1/waste-operators": (call) => {
      const listed = matching(wasteOperators.values(), call.query, ["companyId"]);
      return page(hosted ? listed.map(wasteOperatorAnswer) : listed, call.query);
    },
    // The spec lists comments and writes none; the hosted mock answers the fewest fields.
    "GET /api/v1/comments": (call) => {
      const listed = matching(comments.values(), call.query, [
        "companyId",
        "entityType",
        "entityId",
      ]);
      return page(hosted ? listed.map(commentAnswer) : listed, call.query);
    },
    "POST /api/v1/waste-operators": (call) => {
      const { item, created } = upsertInto(wasteOperators, call.body);
      return ok(hosted ? wasteOperatorAnswer(item) : item, created ? 201 : 200);
    },
    // The hosted service's vehicle fields are not published: its mock answers the fewest.
    "GET /api/v1/vehicles": (call) => {
      const listed = matching(vehicles.values(), call.query, ["companyId"]);
      return page(hosted ? listed.map(vehicleAnswer) : listed, call.query);
    },
    "POST /api/v1/vehicles": (call) => {
      const { item, created } = upsertInto(vehicles, call.body);
      return ok(hosted ? vehicleAnswer(item) : item, created ? 201 : 200);
    },
    // The hosted service's goal and task fields are not published: its mock answers the fewest.
    "GET /api/v1/goals": (call) => {
      const listed = matching(goals.values(), call.query, ["companyId"]);
      return page(hosted ? listed.map(goalAnswer) : listed, call.query);
    },
    "GET /api/v1/goals/tasks": (call) => {
      const listed = matching(tasks.values(), call.query, ["companyId", "goalId"]);
      return page(hosted ? listed.map(taskAnswer) : listed, call.query);
    },
    // The hosted mock answers invoices as hosted-service.md shows them; the spec one the fewest fields.
    "GET /api/v1/invoices": (call) => {
      const listed = matching(invoices.values(), call.query, ["companyId", "buildingId", "type"]);
      return page(hosted ? listed : listed.map(invoiceAnswer), call.query);
    },
    "POST /api/v1/invoices": (call) => {
      const { item, created } = upsertInto(invoices, call.body);
      return ok(hosted ? { status: "ok", invoice: item } : {}, created ? 201 : 200);
    },
    ...effluentHandlers(effluents, hosted),
    "GET /api/v1/suppliers": (call) => {
      const listed = matching(suppliers.values(), call.query, ["companyId"]);
      return page(hosted ? listed.map(supplierAnswer) : listed, call.query);
    },
    "POST /api/v1/suppliers": (call) => ok(supplierAnswer(upsertInto(suppliers, call.body).item)),
    "GET /api/v1/service-footprint/glec": (call) => {
      const listed = matching(glec.values(), call.query, ["companyId", "clientId", "externalId"]);
      if (!hosted) return page(listed, call.query);
      const missing = hostedGlecRequired.filter((name) => text(call.query[name]) === undefined);
      if (missing.length > 0) {
        return { status: 400, body: { message: `required: ${missing.join(", ")}` } };
      }
      return page(overlapping(listed, call.query).map(hostedGlec), call.query);
    },
    "POST /api/v1/service-footprint/glec": (call) => {
      const { item } = upsertInto(glec, call.body);
      return ok({ message: "created", id: item.id }, 201);
    },
    "DELETE /api/v1/service-footprint/glec": (call) => {
      const id = text(call.query.id);
      if (id === undefined) return { status: 400, body: { message: "id is required" } };
      if (!glec.delete(id)) return notFound("service footprint");
      return ok({ message: "deleted", id });
    },
    ...regosHandlers(shapes, seed, page),
    ...organizationLimitHandlers(hosted, seed.organizationLimits ?? [], seed.customInputs ?? []),
    // Any other operation of the document: an empty page for a list, an empty object otherwise.
    ...userHandlers(shapes, seed.users ?? []),
    fallback: (call) =>
      call.method === "GET" && call.params.id === undefined ? page([], call.query) : ok({}),
  };
}

/** An effluent record as a client posted it: without the flags and times carbon serve adds. */
function postedEffluent(item: Item): Item {
  const {
    limitId: _id,
    limitValue: _max,
    limitMinValue: _min,
    exceedsLimit: _flag,
    ...rest
  } = item;
  return asPosted(rest);
}

/**
 * The spec's effluent listing (a company required). The hosted service publishes no effluent
 * fields: its mock answers the fewest (id, company, building, type), a spec server all it was given.
 */
function effluentHandlers(store: ReadonlyMap<string, Item>, hosted: boolean) {
  return {
    "GET /api/v1/effluents": (call: Call): Answer => {
      if (text(call.query.companyId) === undefined) {
        return { status: 400, body: { message: "companyId is required" } };
      }
      const year = text(call.query.year);
      const listed = matching(store.values(), call.query, [
        "companyId",
        "buildingId",
        "type",
      ]).filter((item) => year === undefined || String(item.year) === year);
      const shaped = hosted
        ? listed.map((item) => pick(item, ["id", "companyId", "buildingId", "type"]))
        : listed;
      return page(shaped, call.query);
    },
  };
}
