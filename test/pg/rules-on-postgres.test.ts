/**
 * The rules run unchanged on the PostgreSQL store: the waste operators' rules (src/rules/) over
 * PostgreSQL's tables answer what they answer over SQLite's, errors included, and PostgreSQL's
 * concurrent writes keep the rules' guarantees (one name per company) that SQLite gets from
 * running writes one at a time.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it, onTestFinished } from "vitest";
import { LocalGlec } from "../../src/backends/local/local-glec.js";
import { localSuppliers } from "../../src/backends/local/local-suppliers.js";
import { localUsers } from "../../src/backends/local/local-users.js";
import { localVehicles } from "../../src/backends/local/local-vehicles.js";
import { rolledBackRule } from "../../src/backends/local/transaction-tools.js";
import { categoryId } from "../../src/core/ids.js";
import type { GlecEntryInput } from "../../src/core/model/glec.js";
import type { WasteOperatorInput } from "../../src/core/model/waste-operator.js";
import type { BuildingsPort } from "../../src/core/ports/buildings.js";
import type { CommentsPort } from "../../src/core/ports/comments.js";
import type { CustomFactorsPort } from "../../src/core/ports/custom-factors.js";
import type { EffluentsPort } from "../../src/core/ports/effluents.js";
import type { GlecPort } from "../../src/core/ports/glec.js";
import type { OrganizationLimitsPort } from "../../src/core/ports/organization-limits.js";
import type { SuppliersPort } from "../../src/core/ports/suppliers.js";
import type { UsersPort } from "../../src/core/ports/users.js";
import type { VehiclesPort } from "../../src/core/ports/vehicles.js";
import type { PortOf } from "../../src/core/resource-types.js";
import { moveBuildings, moveCommand } from "../../src/rules/building-move.js";
import {
  getBuilding,
  listBuildings,
  toBuilding,
  upsertBuilding,
} from "../../src/rules/buildings.js";
import { getComment, listComments, upsertComment } from "../../src/rules/comments.js";
import { companyRecord } from "../../src/rules/companies.js";
import {
  getCustomFactor,
  listCustomFactors,
  upsertCustomFactor,
} from "../../src/rules/custom-factors.js";
import {
  getCustomInput,
  listCustomInputs,
  upsertCustomInput,
} from "../../src/rules/custom-inputs.js";
import {
  getEffluent,
  listEffluents,
  upsertEffluent,
  writeEffluents,
} from "../../src/rules/effluents.js";
import { getGoal, listGoals, upsertGoal } from "../../src/rules/goals.js";
import {
  getOrganizationLimit,
  listOrganizationLimits,
  upsertOrganizationLimit,
} from "../../src/rules/organization-limits.js";
import type { StoreTransaction, StoreTransactions } from "../../src/rules/store.js";
import { getTask, listTasks, upsertTask } from "../../src/rules/tasks.js";
import { wasteOperatorsPart } from "../../src/rules/waste-operators.js";
import { localActor } from "../../src/runtime/local-actor.js";
import { shippedDerivationRules } from "../../src/shipped/derivation-rules.js";
import { connect } from "../../src/store/postgres/database.js";
import { postgresTables } from "../../src/store/postgres/store.js";
import { PostgresTransactions } from "../../src/store/postgres/transactions.js";
import { parsePostgresUrl } from "../../src/store/postgres/url.js";
import { freshPostgres, postgresServer } from "../support/postgres-databases.js";
import { openTemp } from "../unit/local/helpers.js";

const A = "0a000000-0000-4000-8000-000000000001";
const B = "0b000000-0000-4000-8000-000000000002";
const op = (n: number) => `0e000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** The waste operators' part on PostgreSQL, its companies saved as the rules record them. */
interface Store {
  readonly operators: PortOf<"wasteOperators">;
  readonly goals: Pick<PortOf<"goals">, "list" | "get" | "upsert">;
  readonly tasks: PortOf<"tasks">;
  readonly users: UsersPort;
  readonly suppliers: SuppliersPort;
  readonly comments: CommentsPort;
  readonly buildings: Pick<BuildingsPort, "list" | "get" | "upsert" | "move">;
  readonly limits: Pick<OrganizationLimitsPort, "list" | "get" | "upsert">;
  readonly effluents: Pick<EffluentsPort, "list" | "get" | "upsert" | "write">;
  readonly glec: GlecPort;
  readonly customFactors: Pick<CustomFactorsPort, "list" | "get" | "upsert">;
  readonly customInputs: PortOf<"customInputs">;
  readonly vehicles: VehiclesPort;
  company(id: string, name: string): Promise<void>;
  /** How many audit records the story left. */
  audited(): Promise<number>;
}

async function onPostgres(): Promise<Store> {
  const target = parsePostgresUrl(await freshPostgres({ migrated: true }));
  const pool = await connect(target, 20);
  onTestFinished(() => pool.end());
  const tables = new PostgresTransactions(pool, (client) => postgresTables(client));
  // The tables these rules use; the others are not on PostgreSQL yet.
  const rules: StoreTransactions = {
    read: (fn) => tables.read((tx) => fn(tx as unknown as StoreTransaction)),
    write: (fn) => tables.write((tx) => fn(tx as unknown as StoreTransaction)),
  };
  return {
    operators: wasteOperatorsPart(rules),
    goals: {
      list: (query) => rules.read((tx) => listGoals(tx, query)),
      get: (id) => rules.read((tx) => getGoal(tx, id)),
      upsert: (input) => rules.write((tx) => upsertGoal(tx, input)),
    },
    tasks: {
      list: (query) => rules.read((tx) => listTasks(tx, query)),
      get: (id) => rules.read((tx) => getTask(tx, id)),
      upsert: (input) => rules.write((tx) => upsertTask(tx, input)),
    },
    users: localUsers(rules),
    suppliers: localSuppliers(rules),
    comments: {
      list: (query) => rules.read((tx) => listComments(tx, query)),
      get: (id) => rules.read((tx) => getComment(tx, id)),
      upsert: (input, as) =>
        rules.write((tx) => upsertComment(tx, input, as?.author ?? localActor())),
    },
    // No consumption is on PostgreSQL yet: a building's recalculation has nothing to redo.
    buildings: {
      list: (query) => rules.read((tx) => listBuildings(tx, query)),
      get: (id) => rules.read((tx) => getBuilding(tx, id)),
      upsert: (input) =>
        rules.write(async (tx) =>
          toBuilding((await upsertBuilding(tx, input, nothingToRedo)).building),
        ),
      move: (request) => {
        const command = moveCommand(request, localActor);
        const run = (tx: StoreTransaction) => moveBuildings(tx, command, nothingToRedo);
        return command.dryRun ? rolledBackRule(rules, run) : rules.write(run);
      },
    },
    limits: {
      list: (query) => rules.read((tx) => listOrganizationLimits(tx, query)),
      get: (companyId, id) => rules.read((tx) => getOrganizationLimit(tx, companyId, id)),
      upsert: (input) => rules.write((tx) => upsertOrganizationLimit(tx, input)),
    },
    effluents: {
      list: (query) => rules.read((tx) => listEffluents(tx, query)),
      get: (id) => rules.read((tx) => getEffluent(tx, id)),
      upsert: (input) => rules.write((tx) => upsertEffluent(tx, input)),
      write: (inputs) => rules.write((tx) => writeEffluents(tx, inputs)),
    },
    glec: new LocalGlec(rules),
    customFactors: {
      list: (query) => rules.read((tx) => listCustomFactors(tx, query)),
      get: (id) => rules.read((tx) => getCustomFactor(tx, id)),
      upsert: (input) =>
        rules.write((tx) =>
          upsertCustomFactor(tx, input, {
            // The shipped derivation rules, as the local engine's driver reads them; no
            // consumption is on PostgreSQL yet, so a recalculation has nothing to redo.
            sourcesOf: async (categoryRef) => {
              const all = await tables.read((t) => t.categories.all());
              const category = all.find((c) => c.ref === categoryRef);
              if (category === undefined) return [];
              return shippedDerivationRules()
                .sourcesOf(category.code)
                .flatMap((code) => all.find((c) => c.code === code)?.ref ?? []);
            },
            recalculate: async () => 0,
          }),
        ),
    },
    customInputs: {
      list: (query) => rules.read((tx) => listCustomInputs(tx, query)),
      get: (id) => rules.read((tx) => getCustomInput(tx, id)),
      upsert: (input) => rules.write((tx) => upsertCustomInput(tx, input, nothingToRedo)),
    },
    vehicles: localVehicles(rules),
    audited: async () => {
      const found = await pool.query<{ n: string }>(
        "SELECT (SELECT count(*) FROM audit_log) + (SELECT count(*) FROM account_audit_log) AS n",
      );
      return Number(found.rows[0]?.n);
    },
    company: (id, name) =>
      tables.write(async (tx) => {
        await tx.companies.save(
          companyRecord({ id, name, country: "ES" }),
          "2026-01-01T00:00:00.000Z",
        );
      }),
  };
}

async function onSqlite(): Promise<Store> {
  const service = await openTemp();
  return {
    operators: service.wasteOperators,
    goals: service.goals,
    tasks: service.tasks,
    users: service.users,
    suppliers: service.suppliers,
    comments: service.comments,
    buildings: service.buildings,
    limits: service.organizationLimits,
    effluents: service.effluents,
    glec: service.glec,
    customFactors: service.customFactors,
    customInputs: service.customInputs,
    vehicles: service.vehicles,
    audited: async () => (await service.audit.list({ limit: 1 })).pagination.total,
    company: async (id, name) => {
      await service.companies.upsert({ id, name, country: "ES" });
    },
  };
}

/** What a call answers, or the error it throws (its code and message), without the clock. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return JSON.parse(
      JSON.stringify(await call(), (key, value) =>
        key === "createdAt" || key === "updatedAt" || key === "code" || key === "expiresAt"
          ? undefined
          : // An id the rules drew (an invited account's), not one of the story's.
            (key === "id" || key === "moveId") &&
              typeof value === "string" &&
              !value.includes("-0000-4000-8000-")
            ? "(new)"
            : value,
      ),
    );
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    return { error: code, message };
  }
}

async function operatorStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  const first: WasteOperatorInput = {
    id: op(1),
    companyId: A,
    name: "Recycla S.L.",
    treatments: ["recycling"],
    countryCode: "ES",
  };
  const steps = [
    () => store.operators.upsert(first),
    () =>
      store.operators.upsert({
        id: op(2),
        companyId: A,
        name: "Abono",
        treatments: ["composting"],
      }),
    () =>
      store.operators.upsert({ id: op(3), companyId: B, name: "Zeta", treatments: ["landfill"] }),
    () => store.operators.upsert({ ...first, name: "Recycla Norte", registrationCode: "13/GR/1" }),
    () => store.operators.list({ companyId: A, limit: 1 }),
    () => store.operators.list({ companyId: A, limit: 1, page: 2 }),
    () => store.operators.list({}),
    () => store.operators.get(op(1).toUpperCase()),
    // Refused: a name the company has (compared ignoring case and spaces), another company's
    // operator, an unknown company, unknown or malformed ids, a bad input.
    () =>
      store.operators.upsert({
        id: op(4),
        companyId: A,
        name: "  abono ",
        treatments: ["recycling"],
      }),
    () => store.operators.upsert({ ...first, companyId: B }),
    () => store.operators.list({ companyId: "0c000000-0000-4000-8000-000000000009" }),
    () => store.operators.get(op(9)),
    () => store.operators.get("not-an-id"),
    () => store.operators.upsert({ id: op(5), companyId: A, name: "X", treatments: [] }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const goal = (n: number) => `0f000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const task = (n: number) => `0d000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function goalStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  const first = {
    id: goal(1),
    companyId: A,
    name: "Net zero 2040",
    baseYear: 2019,
    targetYear: 2040,
    scopes: [1, 2],
    reductionPercent: 90,
  };
  const steps = [
    () => store.goals.upsert(first),
    () =>
      store.goals.upsert({
        ...first,
        id: goal(2),
        name: "Halve scope 3",
        scopes: [3],
        reductionPercent: 50.5,
      }),
    () =>
      store.goals.upsert({ ...first, name: "Net zero 2035", targetYear: 2035, pathway: "linear" }),
    () =>
      store.tasks.upsert({
        id: task(1),
        companyId: A,
        goalId: goal(1),
        title: "LED",
        owner: "ana",
        dueDate: "2026-06-30",
        status: "todo",
      }),
    () =>
      store.tasks.upsert({
        id: task(2),
        companyId: A,
        goalId: goal(1),
        title: "Heat pump",
        owner: "luis",
        dueDate: "2025-12-31",
        status: "in_progress",
        expectedReductionKg: 1234.5,
      }),
    () =>
      store.tasks.upsert({
        id: task(3),
        companyId: A,
        goalId: goal(2),
        title: "Suppliers",
        owner: "ana",
        dueDate: "2027-01-15",
        status: "done",
      }),
    () => store.goals.list({ companyId: A }),
    () => store.tasks.list({ companyId: A, limit: 2 }),
    () => store.tasks.list({ goalId: goal(1) }),
    () => store.tasks.get(task(2)),
    // Refused: a target before the base, a task of an unknown goal or another company's goal,
    // a goal of another company, unknown goals and companies.
    () => store.goals.upsert({ ...first, id: goal(3), baseYear: 2030, targetYear: 2020 }),
    () =>
      store.tasks.upsert({
        id: task(4),
        companyId: A,
        goalId: goal(9),
        title: "X",
        owner: "o",
        dueDate: "2026-01-01",
        status: "todo",
      }),
    () =>
      store.tasks.upsert({
        id: task(5),
        companyId: B,
        goalId: goal(1),
        title: "X",
        owner: "o",
        dueDate: "2026-01-01",
        status: "todo",
      }),
    () => store.goals.upsert({ ...first, companyId: B }),
    () => store.tasks.list({ goalId: goal(9) }),
    () => store.goals.list({ companyId: "0c000000-0000-4000-8000-000000000009" }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const user = (n: number) => `0a0e0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function userStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  const as = { actor: "tester" };
  let code = "";
  const steps = [
    () =>
      store.users.upsert(
        {
          id: user(1),
          email: "Ana@Example.com",
          roles: "ROLE_MANAGER",
          companies: [{ companyId: A }],
        },
        as,
      ),
    () =>
      store.users.upsert({ id: user(2), email: "luis@example.com", roles: ["ROLE_VIEWER"] }, as),
    () =>
      store.users.upsert(
        {
          id: user(3),
          email: "zoe@example.com",
          roles: "ROLE_VALIDATOR",
          companies: [{ companyId: A }, { companyId: B }],
        },
        as,
      ),
    () =>
      store.users.update({ id: user(2), roles: "ROLE_OWNER", companies: [{ companyId: B }] }, as),
    () => store.users.list({}),
    () => store.users.list({ companyId: A }),
    () => store.users.list({ within: [A] }),
    () => store.users.byEmail("ANA@example.com"),
    async () => {
      const invitation = await store.users.invite(
        { email: "eva@example.com", companyId: A, roles: "ROLE_VIEWER" },
        as,
      );
      code = invitation.code ?? "";
      return invitation;
    },
    () => store.users.redeemInvitation(code),
    // Refused: an e-mail another account has (case ignored), a used code, unknown ones.
    () => store.users.upsert({ id: user(4), email: "ana@EXAMPLE.com", roles: "ROLE_VIEWER" }, as),
    () => store.users.redeemInvitation(code),
    () => store.users.list({ companyId: "0c000000-0000-4000-8000-000000000009" }),
    () => store.users.get(user(9)),
    () => store.users.update({ id: user(1) }, as),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

async function supplierStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      companyId: i % 3 === 0 ? B : A,
      type: i % 2 === 0 ? ("suppliers" as const) : ("clients" as const),
      name: `Partner ${String(n - i).padStart(3, "0")}`,
      externalId: `EXT-${i}`,
      email: `p${i}@example.com`,
    }));
  // A row the rules refuse (an unknown kind, no name), as a CSV would bring it.
  const refused = JSON.parse(`{"companyId": "${A}", "type": "nope", "name": ""}`);
  const steps = [
    () =>
      store.suppliers.upsert({ companyId: A, type: "suppliers", name: "Endesa", externalId: "E1" }),
    // The same externalId of the company: the same supplier, renamed.
    () =>
      store.suppliers.upsert({
        companyId: A,
        type: "suppliers",
        name: "Endesa X",
        externalId: "E1",
      }),
    () =>
      store.suppliers.upsert(
        { companyId: A, type: "clients", name: "Dry", externalId: "D1" },
        { dryRun: true },
      ),
    () => store.suppliers.write(rows(1200), { dryRun: false, skipInvalid: false }),
    () =>
      store.suppliers.write([...rows(3), refused], {
        dryRun: false,
        skipInvalid: false,
      }),
    () =>
      store.suppliers.write([...rows(3), refused], {
        dryRun: false,
        skipInvalid: true,
      }),
    () => store.suppliers.list({ companyId: A, limit: 3 }),
    () => store.suppliers.list({ companyId: B, type: "clients", limit: 2, page: 3 }),
    () => store.suppliers.list({}),
    () => store.suppliers.list({ companyId: "0c000000-0000-4000-8000-000000000009" }),
    () => store.suppliers.get("not-a-uuid"),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const comment = (n: number) => `0c0c0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function commentStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  await store.operators.upsert({
    id: op(1),
    companyId: A,
    name: "Recycla",
    treatments: ["recycling"],
  });
  const supplier = await store.suppliers.upsert({
    companyId: B,
    type: "suppliers",
    name: "Iberdrola",
    externalId: "I1",
  });
  const as = { author: "ana" };
  const steps = [
    () =>
      store.comments.upsert(
        { id: comment(1), companyId: A, entityType: "company", entityId: A, text: "Audit in May" },
        as,
      ),
    () =>
      store.comments.upsert(
        {
          id: comment(2),
          companyId: A,
          entityType: "waste-operator",
          entityId: op(1),
          text: "Contract renewed",
        },
        as,
      ),
    () =>
      store.comments.upsert(
        {
          id: comment(3),
          companyId: B,
          entityType: "supplier",
          entityId: supplier.id,
          text: "Green tariff",
        },
        { author: "luis" },
      ),
    // The text changes; the author and the record stay.
    () =>
      store.comments.upsert(
        {
          id: comment(1),
          companyId: A,
          entityType: "company",
          entityId: A,
          text: "Audit moved to June",
        },
        { author: "eva" },
      ),
    () => store.comments.list({ companyId: A }),
    () => store.comments.list({ entityType: "waste-operator", entityId: op(1).toUpperCase() }),
    () => store.comments.get(comment(3)),
    // Refused: a record of another company, a record that does not exist, another company's
    // comment, an empty text.
    () =>
      store.comments.upsert(
        { id: comment(4), companyId: A, entityType: "supplier", entityId: supplier.id, text: "x" },
        as,
      ),
    () =>
      store.comments.upsert(
        { id: comment(5), companyId: A, entityType: "waste-operator", entityId: op(9), text: "x" },
        as,
      ),
    () =>
      store.comments.upsert(
        { id: comment(3), companyId: A, entityType: "company", entityId: A, text: "x" },
        as,
      ),
    () =>
      store.comments.upsert(
        { id: comment(6), companyId: A, entityType: "company", entityId: A, text: "  " },
        as,
      ),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const nothingToRedo = { recalculate: async () => 0 };
const building = (n: number) => `0b0b0000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const limit = (n: number) => `0a0a0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function buildingStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  const steps = [
    () => store.buildings.upsert({ id: building(1), companyId: A, name: "Plant 1", country: "ES" }),
    () => store.buildings.upsert({ id: building(2), companyId: A, name: "Plant 2", country: "PT" }),
    () => store.buildings.upsert({ id: building(3), companyId: B, name: "Plant 1" }),
    () =>
      store.buildings.upsert({
        id: building(2),
        companyId: A,
        name: "Lisbon Plant",
        country: "PT",
      }),
    () =>
      store.limits.upsert({
        id: limit(1),
        companyId: A,
        name: "Iberia",
        approach: "equity_share",
        periodFrom: "2024-01-01",
        periodTo: "2024-12-31",
        members: [
          { buildingId: building(1), sharePercent: 60 },
          { companyId: B, sharePercent: 40 },
        ],
      }),
    () => store.limits.list({ companyId: A }),
    () => store.limits.get(A, limit(1)),
    () => store.buildings.list({ companyId: A }),
    () =>
      store.buildings.move({
        buildingIds: [building(2)],
        companyId: B,
        dryRun: true,
        actor: "ana",
      }),
    () => store.buildings.move({ buildingIds: [building(2)], companyId: B, actor: "ana" }),
    () => store.buildings.list({ companyId: B }),
    () => store.buildings.get(building(2)),
    // Refused: a name the company has, a move onto a name taken there, another company's
    // building, an unknown building or company, a limit of an unknown building.
    () => store.buildings.upsert({ id: building(4), companyId: A, name: "  plant 1 " }),
    () => store.buildings.move({ buildingIds: [building(1)], companyId: B, actor: "ana" }),
    () => store.buildings.upsert({ id: building(2), companyId: A, name: "Back" }),
    () => store.buildings.move({ buildingIds: [building(9)], companyId: B, actor: "ana" }),
    () => store.buildings.list({ companyId: "0c000000-0000-4000-8000-000000000009" }),
    () =>
      store.limits.upsert({
        id: limit(2),
        companyId: A,
        name: "X",
        approach: "operational_control",
        periodFrom: "2024-01-01",
        periodTo: "2024-12-31",
        members: [{ buildingId: building(9), sharePercent: 100 }],
      }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const effluent = (n: number) => `0e0e0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function effluentStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.buildings.upsert({ id: building(1), companyId: A, name: "Plant 1", country: "ES" });
  await store.buildings.upsert({ id: building(2), companyId: A, name: "Plant 2", country: "ES" });
  const base = { companyId: A, buildingId: building(1), unit: "mg/L" };
  const samples = Array.from({ length: 30 }, (_, i) => ({
    ...base,
    id: effluent(100 + i),
    type: "quality" as const,
    parameter: i % 2 === 0 ? ("COD" as const) : ("TSS" as const),
    value: 100 + i * 7.5,
    sampledAt: `2024-${String((i % 12) + 1).padStart(2, "0")}-15`,
  }));
  const steps = [
    () =>
      store.effluents.upsert({
        ...base,
        id: effluent(1),
        type: "limit",
        parameter: "COD",
        value: 200,
        year: 2024,
      }),
    () => store.effluents.write(samples),
    () =>
      store.effluents.upsert({
        ...base,
        id: effluent(2),
        type: "limit",
        parameter: "TSS",
        value: 150.25,
        year: 2024,
        notes: "permit 7",
      }),
    () => store.effluents.list({ companyId: A, limit: 5 }),
    () =>
      store.effluents.list({
        companyId: A,
        buildingId: building(1),
        type: "quality",
        year: 2024,
        page: 2,
        limit: 7,
      }),
    () => store.effluents.get(effluent(109)),
    // Refused: a second limit of the parameter and year, another company's building, a unit
    // that is not the parameter's, an unknown building.
    () =>
      store.effluents.upsert({
        ...base,
        id: effluent(3),
        type: "limit",
        parameter: "COD",
        value: 250,
        year: 2024,
      }),
    () =>
      store.effluents.upsert({
        ...base,
        id: effluent(4),
        buildingId: building(9),
        type: "limit",
        parameter: "BOD5",
        value: 25,
        year: 2024,
      }),
    () =>
      store.effluents.upsert({
        ...base,
        id: effluent(5),
        unit: "g",
        type: "limit",
        parameter: "TOC",
        value: 1,
        year: 2024,
      }),
    () => store.effluents.list({ companyId: A, buildingId: building(9) }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const shipment: GlecEntryInput = JSON.parse(
  readFileSync(
    new URL("../../fixtures/glec/shipment-zaragoza-rotterdam.json", import.meta.url),
    "utf8",
  ),
);

async function glecStory(store: Store): Promise<unknown[]> {
  await store.company(shipment.companyId, "Shipper");
  const second = {
    ...shipment,
    id: "0a1c0000-0000-4000-8000-000000000002",
    externalId: "SHIP-2",
    startDate: "2025-03-01",
    endDate: "2025-03-02",
  };
  const steps = [
    () => store.glec.submit(shipment),
    () => store.glec.submit(second),
    // The same id again replaces the entry and its legs.
    () => store.glec.submit({ ...shipment, actions: shipment.actions.slice(0, 1) }),
    () => store.glec.list({ companyId: shipment.companyId }),
    () => store.glec.list({ companyId: shipment.companyId, from: "2025-02-15" }),
    () => store.glec.get(shipment.id),
    () => store.glec.delete(second.id),
    () => store.glec.list({}),
    // Refused: an unknown entry and company, a bad entry.
    () => store.glec.get("0a1c0000-0000-4000-8000-000000000009"),
    () => store.glec.list({ companyId: "0c000000-0000-4000-8000-000000000009" }),
    () =>
      store.glec.submit({ ...shipment, id: "0a1c0000-0000-4000-8000-000000000003", actions: [] }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const factor = (n: number) => `0f0f0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function customFactorStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  const electricity = categoryId("electricity");
  const base = { companyId: A, categoryId: electricity, unit: "kWh", co2e: 0.2, source: "Our PPA" };
  const steps = [
    () => store.customFactors.upsert({ ...base, id: factor(1), year: 2024 }),
    () =>
      store.customFactors.upsert({ ...base, id: factor(2), validFrom: "2025-01-01", co2e: 0.15 }),
    () => store.customFactors.upsert({ ...base, id: factor(3), co2e: 0.3 }),
    () =>
      store.customFactors.upsert({
        ...base,
        id: factor(4),
        basis: "market",
        co2e: 0.05,
        co2: 0.049,
        ch4: 0.0001,
        n2o: 0.00002,
      }),
    () =>
      store.customFactors.upsert({
        ...base,
        id: factor(1),
        year: 2024,
        co2e: 0.21,
        source: "Updated PPA",
      }),
    () => store.customFactors.list({ companyId: A }),
    () => store.customFactors.get(factor(4)),
    // Refused: a period another factor of the subcategory and basis covers, an unknown
    // subcategory, another company's factor, an unknown company.
    () =>
      store.customFactors.upsert({
        ...base,
        id: factor(5),
        validFrom: "2025-06-01",
        validTo: "2025-12-31",
      }),
    () =>
      store.customFactors.upsert({
        ...base,
        id: factor(6),
        categoryId: "0c000000-0000-4000-8000-000000000009",
      }),
    () => store.customFactors.upsert({ ...base, id: factor(1), companyId: B, year: 2024 }),
    () => store.customFactors.list({ companyId: "0c000000-0000-4000-8000-000000000009" }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const input = (n: number) => `0a110000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function customInputStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  const ppa = factor(1);
  await store.customFactors.upsert({
    id: ppa,
    companyId: A,
    categoryId: categoryId("electricity"),
    unit: "kWh",
    co2e: 0.2,
    source: "PPA",
  });
  const steps = [
    () =>
      store.customInputs.upsert({
        id: input(1),
        companyId: A,
        type: "provider",
        name: "Green Power Co",
        unit: "kWh",
        customFactorId: ppa,
      }),
    () =>
      store.customInputs.upsert({
        id: input(2),
        companyId: A,
        type: "fuel",
        name: "Biodiesel B30",
        unit: "l",
      }),
    () =>
      store.customInputs.upsert({
        id: input(1),
        companyId: A,
        type: "provider",
        name: "Green Power Co.",
        unit: "kWh",
        customFactorId: ppa,
      }),
    () => store.customInputs.list({ companyId: A }),
    () => store.customInputs.get(input(1)),
    // Refused: another company's factor, another company's input, an unknown company, a bad unit.
    () =>
      store.customInputs.upsert({
        id: input(3),
        companyId: B,
        type: "provider",
        name: "X",
        unit: "kWh",
        customFactorId: ppa,
      }),
    () =>
      store.customInputs.upsert({ id: input(2), companyId: B, type: "fuel", name: "Y", unit: "l" }),
    () => store.customInputs.list({ companyId: "0c000000-0000-4000-8000-000000000009" }),
    () =>
      store.customInputs.upsert({
        id: input(4),
        companyId: A,
        type: "fuel",
        name: "Z",
        unit: "furlongs",
      }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

const vehicle = (n: number) => `0a0b0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function vehicleStory(store: Store): Promise<unknown[]> {
  await store.company(A, "Acme");
  await store.company(B, "Bravo");
  await store.buildings.upsert({ id: building(1), companyId: A, name: "Depot", country: "ES" });
  const van = {
    companyId: A,
    vehicleType: "van",
    vehicleCategory: "LAND_TRANSPORTATION",
    fuelType: "diesel",
    ownership: "owned",
    activeFrom: "2024-01-01",
  } as const;
  const fleet = Array.from({ length: 25 }, (_, i) => ({
    ...van,
    id: vehicle(100 + i),
    name: `Van ${String(25 - i).padStart(2, "0")}`,
    licensePlate: `${1000 + i} KLM`,
    ...(i % 5 === 0 ? { buildingId: building(1) } : {}),
  }));
  const steps = [
    () =>
      store.vehicles.upsert({
        ...van,
        id: vehicle(1),
        name: "Van 1",
        licensePlate: "1234-ABC",
        buildingId: building(1),
      }),
    () => store.vehicles.write(fleet, { dryRun: false }),
    () =>
      store.vehicles.upsert({
        ...van,
        id: vehicle(1),
        name: "Van 1",
        licensePlate: "1234 abc",
        activeTo: "2026-12-31",
        ownership: "leased",
      }),
    () => store.vehicles.list({ companyId: A, limit: 10, page: 2 }),
    () => store.vehicles.list({ buildingId: building(1) }),
    () => store.vehicles.get(vehicle(1)),
    // Refused: a plate the company has (compared without spaces and case), another company's
    // building, an end before the start, an unknown building.
    () => store.vehicles.upsert({ ...van, id: vehicle(2), name: "Van 2", licensePlate: "1000KLM" }),
    () =>
      store.vehicles.upsert({
        ...van,
        id: vehicle(3),
        name: "Van 3",
        companyId: B,
        buildingId: building(1),
      }),
    () => store.vehicles.upsert({ ...van, id: vehicle(4), name: "Van 4", activeTo: "2023-01-01" }),
    () => store.vehicles.list({ buildingId: building(9) }),
  ];
  const outcomes: unknown[] = [];
  for (const step of steps) outcomes.push(await outcome(step));
  return outcomes;
}

describe.skipIf(postgresServer() === undefined)("the rules on PostgreSQL", () => {
  it("answer for vehicles as on SQLite, a batch, plates and refusals included", async () => {
    const onPg = await vehicleStory(await onPostgres());
    const onFile = await vehicleStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    expect(onPg[3]).toMatchObject({ pagination: { total: 26 } });
    expect(onPg[6]).toMatchObject({ error: "conflict" });
  });

  it("answer for custom inputs as on SQLite, refusals included", async () => {
    const onPg = await customInputStory(await onPostgres());
    const onFile = await customInputStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    expect(onPg[3]).toMatchObject({ pagination: { total: 2 } });
  });

  it("answer for custom factors as on SQLite, validity periods and refusals included", async () => {
    const onPg = await customFactorStory(await onPostgres());
    const onFile = await customFactorStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    expect(onPg[5]).toMatchObject({ pagination: { total: 4 } });
  });

  it("answer for GLEC entries and their legs as on SQLite, a replacement included", async () => {
    const onPg = await glecStory(await onPostgres());
    const onFile = await glecStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    // Key for key, in order: a leg's action and result read back as they were written.
    expect(JSON.stringify(onPg[5])).toBe(JSON.stringify(onFile[5]));
    expect(onPg[3]).toMatchObject({ pagination: { total: 2 } });
  });

  it("answer for effluent limits and samples as on SQLite, a batch and refusals included", async () => {
    const onPg = await effluentStory(await onPostgres());
    const onFile = await effluentStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    expect(onPg[3]).toMatchObject({ pagination: { total: 32 } });
    expect(onPg[5]).toMatchObject({ limitValue: 150.25, exceedsLimit: true });
    expect(onPg[6]).toMatchObject({ error: "conflict" });
  });

  it("answer for buildings, their moves and organization limits as on SQLite", async () => {
    const pg = await onPostgres();
    const file = await onSqlite();
    const onPg = await buildingStory(pg);
    const onFile = await buildingStory(file);
    expect(onPg).toEqual(onFile);
    expect(onPg[10]).toMatchObject({ data: [{ name: "Lisbon Plant" }, { name: "Plant 1" }] });
    expect(onPg[13]).toMatchObject({ error: "conflict" });
    // The move is audited on both.
    expect(await pg.audited()).toBe(await file.audited());
    expect(await pg.audited()).toBe(1);
  });

  it("answer for comments as on SQLite, refusals included", async () => {
    const onPg = await commentStory(await onPostgres());
    const onFile = await commentStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    expect(onPg[3]).toMatchObject({ text: "Audit moved to June", author: "ana" });
    expect(onPg[7]).toMatchObject({ error: "not_found" });
  });

  it("answer for suppliers and clients as on SQLite, batches and refusals included", async () => {
    const onPg = await supplierStory(await onPostgres());
    const onFile = await supplierStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    expect(onPg[4]).toMatchObject({ committed: false, problems: [{ index: 3 }, { index: 3 }] });
    expect(onPg[5]).toMatchObject({ committed: true });
    expect(onPg[6]).toMatchObject({ pagination: { total: 801 } });
  });

  it("answer for users and invitations as on SQLite, refusals included", async () => {
    const pg = await onPostgres();
    const file = await onSqlite();
    const onPg = await userStory(pg);
    const onFile = await userStory(file);
    expect(onPg).toEqual(onFile);
    // Each change of an account's access is audited on both.
    expect(await pg.audited()).toBe(await file.audited());
    expect(await pg.audited()).toBeGreaterThan(3);
    expect(onPg[4]).toMatchObject({ pagination: { total: 3 } });
    expect(onPg[9]).toMatchObject({ email: "eva@example.com", status: "active" });
    expect(onPg[10]).toMatchObject({ error: "conflict" });
  });

  it("answer for goals and tasks as on SQLite, refusals included", async () => {
    const onPg = await goalStory(await onPostgres());
    const onFile = await goalStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    expect(onPg[7]).toMatchObject({
      data: [{ title: "Heat pump" }, { title: "LED" }],
      pagination: { total: 3 },
    });
    expect(onPg[10]).toMatchObject({ error: "validation" });
  });

  it("answer as on SQLite, step by step, refusals included", async () => {
    const onPg = await operatorStory(await onPostgres());
    const onFile = await operatorStory(await onSqlite());
    expect(onPg).toEqual(onFile);
    // The story is not all errors: what it stored is there.
    expect(onPg[4]).toMatchObject({ data: [{ name: "Abono" }], pagination: { total: 2 } });
    expect(onPg[8]).toMatchObject({ error: "conflict" });
  });

  it("keep one name per company when writes run at once", async () => {
    const store = await onPostgres();
    await store.company(A, "Acme");
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        store.operators.upsert({
          id: op(10 + i),
          companyId: A,
          name: "Same Name",
          treatments: ["recycling"],
        }),
      ),
    );
    const stored = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) =>
      result.status === "rejected" ? [result.reason] : [],
    );
    expect(stored).toHaveLength(1);
    expect(refused.map((error: { code?: string }) => error.code)).toEqual(
      Array(7).fill("conflict"),
    );
    const listed = await store.operators.list({ companyId: A });
    expect(listed.pagination.total).toBe(1);
    // Different names at once: all stored.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.operators.upsert({
          id: op(30 + i),
          companyId: A,
          name: `Operator ${i}`,
          treatments: ["landfill"],
        }),
      ),
    );
    expect((await store.operators.list({ companyId: A })).pagination.total).toBe(9);
  });
});
