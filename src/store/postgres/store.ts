/**
 * The PostgreSQL store: the tables of the Store port on one connection of the pool, as one
 * transaction of PostgresTransactions (transactions.ts) sees them. The plain resources' tables
 * come from their own files (registry.generated.ts, plain-table.ts), none of them named here.
 */
import { PostgresAudit } from "./audit.js";
import { PostgresBuildings } from "./buildings.js";
import { PostgresCategories } from "./categories.js";
import { PostgresCertificateCover } from "./certificate-cover.js";
import { PostgresCertificates } from "./certificates.js";
import { PostgresComments } from "./comments.js";
import { PostgresCompanies } from "./companies.js";
import { PostgresConsumptionReads } from "./consumption-reads.js";
import { type SharedLists, TransactionVersions } from "./consumption-versions.js";
import { PostgresConsumptions } from "./consumptions.js";
import { PostgresCustomFactors } from "./custom-factors.js";
import { PostgresCustomInputs } from "./custom-inputs.js";
import { PostgresDeletions } from "./deletions.js";
import { PostgresEffluents } from "./effluents.js";
import { PostgresFactors } from "./factors.js";
import { PostgresGlec } from "./glec.js";
import { PostgresGoals, PostgresTasks } from "./goals.js";
import { PostgresInvoices } from "./invoices.js";
import { PostgresOrganizationLimits } from "./organization-limits.js";
import { type ConsumptionDecoder, PostgresOverlaps } from "./overlaps.js";
import { PostgresPricing, PostgresPricingData } from "./pricing.js";
import { PostgresRecalculation } from "./recalculation.js";
import { generatedTables } from "./registry.generated.js";
import { PostgresRegos } from "./regos-dashboard.js";
import {
  PostgresRowReferences,
  type SharedCategoryTree,
  type SharedKeys,
} from "./row-references.js";
import { PostgresSuppliers } from "./suppliers.js";
import { oneAtATime, type Queryable } from "./transactions.js";
import { PostgresUsers } from "./users.js";
import { PostgresVehicles } from "./vehicles.js";

/** An overlap check's records cannot be read back without a decoder (the rules' to give). */
const NO_DECODER: ConsumptionDecoder = () => () => {
  throw new Error("the PostgreSQL store was given no decoder of consumption records");
};

type Plain = typeof generatedTables;

/** Each plain resource's table, as its file makes it. */
export type PlainPostgresTables = { readonly [K in keyof Plain]: ReturnType<Plain[K]["open"]> };

/** Each plain resource's table on this connection. */
function plainTables(client: Queryable): PlainPostgresTables {
  const tables: Partial<Record<keyof Plain, unknown>> = {};
  for (const name of Object.keys(generatedTables) as (keyof Plain)[]) {
    tables[name] = generatedTables[name].open(client);
  }
  // Each entry is its own resource's table.
  return tables as PlainPostgresTables;
}

/** What a store's tables are given besides their connection. */
export interface PostgresTableOptions {
  /**
   * Reads a stored row as the consumption record an overlap check compares: the rules'
   * decoding, which a store may not import, so whoever wires the store hands it in (as the
   * SQLite store's driver hands it its reads).
   */
  readonly decoder?: ConsumptionDecoder;
  /** The category tree shared by every transaction of the store (else read by each). */
  readonly categories?: SharedCategoryTree;
  /**
   * The transaction only reads: what pricing loaded in it stays true until it ends (nothing in
   * it can change a custom factor or the policy), so it is loaded once.
   */
  readonly readOnly?: boolean;
  /** What read-only transactions keep of a company's lists while its rows are unchanged. */
  readonly lists?: SharedLists;
  /** What the keys of committed rows name, kept by read-only transactions for every one. */
  readonly keys?: SharedKeys;
}

/**
 * The tables, each on the transaction's connection. `pricing` is what pricing keeps of the
 * database between transactions (the library, calculation records' keys): one per database,
 * shared by its transactions and handed to the calculator.
 */
export function postgresTables(
  client: Queryable,
  pricing: PostgresPricingData = new PostgresPricingData(),
  options: PostgresTableOptions = {},
) {
  // The tables' statements run one at a time on the connection, in the order they are asked.
  client = oneAtATime(client);
  // What the rows of this transaction's reads name, read once for all of its reads.
  const references = new PostgresRowReferences(
    client,
    options.categories,
    options.keys,
    options.readOnly === true,
  );
  // A read-only transaction's reads of a company's rows use what others kept at its version.
  const lists =
    options.readOnly === true && options.lists !== undefined
      ? { shared: options.lists, versions: new TransactionVersions(client) }
      : undefined;
  const consumptionReads = new PostgresConsumptionReads(client, references, undefined, lists);
  const decoder = options.decoder ?? NO_DECODER;
  const tables = {
    consumptionReads,
    overlaps: new PostgresOverlaps(client, consumptionReads, references, decoder),
    deletions: new PostgresDeletions(client),
    companies: new PostgresCompanies(client, lists?.versions),
    goals: new PostgresGoals(client),
    tasks: new PostgresTasks(client),
    users: new PostgresUsers(client),
    suppliers: new PostgresSuppliers(client),
    comments: new PostgresComments(client),
    buildings: new PostgresBuildings(client),
    organizationLimits: new PostgresOrganizationLimits(client),
    effluents: new PostgresEffluents(client),
    glec: new PostgresGlec(client),
    categories: new PostgresCategories(client, options.categories),
    customFactors: new PostgresCustomFactors(client),
    customInputs: new PostgresCustomInputs(client),
    vehicles: new PostgresVehicles(client),
    audit: new PostgresAudit(client),
    invoices: new PostgresInvoices(client),
    certificates: new PostgresCertificates(client),
    certificateCover: new PostgresCertificateCover(client),
    regos: new PostgresRegos(client),
    factors: new PostgresFactors(client),
    pricing: new PostgresPricing(client, pricing, options.readOnly === true),
    consumptions: new PostgresConsumptions(client, pricing),
    recalculation: new PostgresRecalculation(client, pricing),
    ...plainTables(client),
  };
  return tables;
}

export type PostgresTables = ReturnType<typeof postgresTables>;
