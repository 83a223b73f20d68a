/**
 * Invoices (docs/invoices.md): upserted by id, each keeping its company and billing a building
 * of that company. A valid invoice's counted lines are consumptions (`entityId` = the invoice's
 * id, one deterministic id per line) written with their emissions in the invoice's transaction
 * by the consumption writer; a re-save deletes those of the lines that no longer count.
 *
 * A batch (an import) reads what its invoices name at once, checks each against it, has the
 * consumptions of all of them written in one call, and stores all of them or none.
 */
import { type FieldIssue, isCarbonError, notFound, validationError } from "../core/errors.js";
import type { Page, PageQuery } from "../core/model/common.js";
import type { ConsumptionInput } from "../core/model/consumption.js";
import {
  type Invoice,
  type InvoiceInput,
  invoiceInputSchema,
  type ParsedInvoice,
} from "../core/model/invoice.js";
import type { WasteOperator } from "../core/model/waste-operator.js";
import { ownerConflict } from "../core/ownership.js";
import type { InvoiceBatchResult } from "../core/ports/invoices.js";
import type { InvoiceFilter } from "../core/resources/invoices.js";
import { parseInput } from "../core/validate.js";
import { checkInvoice, lineCodes, type TreeCategory } from "./invoice-lines.js";
import type {
  Awaitable,
  InvoiceRecord,
  StoredBuilding,
  StoredCompany,
  StoredInvoice,
  StoreTransaction,
} from "./store.js";

/** Where the consumption writer's problems with an invoice's rows are: its lines. */
const LINES_PATH = "lines.";

/** How one invoice's save changes its consumptions. */
export interface InvoiceConsumptionChange {
  /** Consumptions it has that its lines no longer give: deleted (audited) first. */
  readonly gone: readonly string[];
  /** Its counted lines' consumptions, written (or left as they are) with their emissions. */
  readonly rows: readonly ConsumptionInput[];
  /** The company and building every row names. */
  readonly company: StoredCompany;
  readonly building: StoredBuilding;
}

/** What an invoice's save asks of the driver's code that is not on the port yet. */
export interface InvoiceConsumptionWriter {
  /**
   * In the rule's transaction, each invoice in order: deletes its gone consumptions, then
   * writes its rows as every consumption is written (checked, issue paths prefixed by `path`).
   * Answers, for each invoice, the error that refused it, or undefined; a refused invoice may
   * have written part of its rows (its batch then stores nothing).
   */
  apply(
    tx: StoreTransaction,
    changes: readonly InvoiceConsumptionChange[],
    path: string,
  ): Awaitable<readonly unknown[]>;
}

export async function getInvoice(tx: StoreTransaction, id: string): Promise<Invoice> {
  const found = await tx.invoices.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("invoice", id);
  const { consumptionIds: _, ...invoice } = found;
  return invoice;
}

/** One page in (company, startDate, id) order; an unknown company or building is not_found. */
export async function listInvoices(
  tx: StoreTransaction,
  query: InvoiceFilter & PageQuery,
): Promise<Page<Invoice>> {
  return tx.invoices.list(query);
}

/** The input, validated (a usage error names each field at fault), its id in lower case. */
function parseInvoice(input: InvoiceInput): ParsedInvoice {
  const parsed = parseInput(invoiceInputSchema, input, "invoice");
  return { ...parsed, id: parsed.id.toLowerCase() };
}

/** What a batch's invoices name, read at once; `invoices` as the batch has left them. */
interface Known {
  readonly companies: ReadonlyMap<string, StoredCompany>;
  readonly buildings: ReadonlyMap<string, StoredBuilding>;
  readonly operators: ReadonlyMap<string, WasteOperator>;
  readonly categories: ReadonlyMap<string, TreeCategory>;
  readonly invoices: Map<string, StoredInvoice>;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * The categories the lines name, by the code (or id) as given, each with its parent's code:
 * the tree's few categories a batch names, each read once.
 */
async function readCategories(
  tx: StoreTransaction,
  codes: readonly string[],
): Promise<ReadonlyMap<string, TreeCategory>> {
  const found = await Promise.all(
    codes.map(async (code) => [code, await tx.categories.find(code)] as const),
  );
  const parentIds = unique(found.flatMap(([, category]) => category?.parentId ?? []));
  const parents = await Promise.all(parentIds.map((id) => tx.categories.find(id)));
  const parentCode = new Map(parentIds.map((id, at) => [id, parents[at]?.code ?? null]));
  const categories = new Map<string, TreeCategory>();
  for (const [code, category] of found) {
    if (category === undefined) continue;
    const parent = category.parentId === null ? null : (parentCode.get(category.parentId) ?? null);
    categories.set(code, { ...category, parentCode: parent });
  }
  return categories;
}

/** Reads what the invoices name, before any is checked: one call of each table but the tree's. */
async function readKnown(tx: StoreTransaction, parsed: readonly ParsedInvoice[]): Promise<Known> {
  const operatorIds = unique(parsed.flatMap((row) => row.wasteOperatorId ?? []));
  const [companies, buildings, operators, invoices, categories] = await Promise.all([
    tx.companies.findMany(unique(parsed.map((row) => row.companyId.toLowerCase()))),
    tx.buildings.findMany(unique(parsed.map((row) => row.buildingId.toLowerCase()))),
    operatorIds.length === 0 ? [] : tx.wasteOperators.findMany(operatorIds),
    tx.invoices.findMany(unique(parsed.map((row) => row.id))),
    readCategories(tx, unique(parsed.flatMap(lineCodes))),
  ]);
  return {
    companies: new Map(companies.map((company) => [company.id, company])),
    buildings: new Map(buildings.map((building) => [building.id, building])),
    operators: new Map(operators.map((operator) => [operator.id, operator])),
    categories,
    invoices: new Map(invoices.map((invoice) => [invoice.id, invoice])),
  };
}

/** An invoice checked: the record to store, and how its consumptions change. */
interface Checked {
  readonly record: InvoiceRecord;
  readonly change: InvoiceConsumptionChange;
  readonly isNew: boolean;
}

/**
 * Checks an invoice against what is known: its company and building exist (not_found), it
 * keeps its company (conflict), its waste operator exists (not_found), then every problem of
 * its building, operator and lines at once (validation).
 */
function check(parsed: ParsedInvoice, known: Known): Checked {
  const id = parsed.id;
  const company = known.companies.get(parsed.companyId.toLowerCase());
  if (company === undefined) throw notFound("company", parsed.companyId);
  const building = known.buildings.get(parsed.buildingId.toLowerCase());
  if (building === undefined) throw notFound("building", parsed.buildingId);
  const before = known.invoices.get(id);
  if (before !== undefined && before.companyId !== company.id) {
    throw ownerConflict("invoice", id, before.companyId, company.id);
  }
  const operatorId = parsed.wasteOperatorId;
  const operator = operatorId === null ? undefined : known.operators.get(operatorId);
  if (operatorId !== null && operator === undefined) throw notFound("waste operator", operatorId);
  const { issues, lines, rows } = checkInvoice(parsed, id, {
    company,
    building,
    operator,
    categories: known.categories,
  });
  const first = issues[0];
  if (first !== undefined) {
    throw validationError(`invoice rejected: ${first.path}: ${first.message}`, issues);
  }
  const kept = new Set(rows.map((row) => row.id));
  const gone = (before?.consumptionIds ?? []).filter((stale) => !kept.has(stale));
  const record: InvoiceRecord = {
    ...parsed,
    companyId: company.id,
    buildingId: building.id,
    countryCode: parsed.countryCode ?? building.country ?? company.country,
    lines,
  };
  return { record, change: { gone, rows, company, building }, isNew: before === undefined };
}

/**
 * Upsert by id, in the caller's transaction: checks the company, building, waste operator and
 * every line (all problems at once), writes the lines' consumptions, deletes those of lines
 * that no longer count, then stores the invoice.
 */
export async function upsertInvoice(
  tx: StoreTransaction,
  input: InvoiceInput,
  writer: InvoiceConsumptionWriter,
): Promise<Invoice> {
  const parsed = parseInvoice(input);
  const { record, change } = check(parsed, await readKnown(tx, [parsed]));
  const [refused] = await writer.apply(tx, [change], LINES_PATH);
  if (refused !== undefined) throw refused;
  await tx.invoices.saveAll([record], new Date().toISOString());
  return getInvoice(tx, parsed.id);
}

/** An invoice's problems, with paths prefixed by its index in the batch; any other error fails it. */
function batchIssues(index: number, error: unknown): FieldIssue[] {
  if (!isCarbonError(error) || error.code === "internal" || error.code === "unavailable") {
    throw error;
  }
  if (error.issues.length === 0) return [{ path: `${index}`, message: error.message }];
  return error.issues.map((issue) => ({
    path: issue.path === "" ? `${index}` : `${index}.${issue.path}`,
    message: issue.message,
  }));
}

/**
 * Many upserts (an import), in order, each checked as `upsertInvoice` checks one; an invoice
 * whose id an earlier one of the batch saved is checked against that one. Every invoice is
 * tried; a refused one fails the batch with the problems of all of them (validation, paths
 * `<index>.<field>`), and the caller's transaction keeps nothing.
 */
export async function writeInvoices(
  tx: StoreTransaction,
  inputs: readonly InvoiceInput[],
  writer: InvoiceConsumptionWriter,
): Promise<Omit<InvoiceBatchResult, "committed">> {
  const refused = new Map<number, unknown>();
  const parsed = new Map<number, ParsedInvoice>();
  inputs.forEach((input, index) => {
    try {
      parsed.set(index, parseInvoice(input));
    } catch (error) {
      refused.set(index, error);
    }
  });
  const known = await readKnown(tx, [...parsed.values()]);
  const stored: (Invoice | undefined)[] = inputs.map(() => undefined);
  let inserted = 0;
  /** Checked, their consumptions not written yet: written and stored together. */
  let pending: (Checked & { readonly index: number })[] = [];
  /** The ids of the invoices pending or written. */
  const written = new Set<string>();

  const flush = async (): Promise<void> => {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    const errors = await writer.apply(
      tx,
      batch.map(({ change }) => change),
      LINES_PATH,
    );
    const saved = batch.filter(({ index }, at) => {
      const error = errors[at];
      if (error !== undefined) refused.set(index, error);
      return error === undefined;
    });
    if (saved.length === 0) return;
    await tx.invoices.saveAll(
      saved.map(({ record }) => record),
      new Date().toISOString(),
    );
    // A refused batch answers nothing.
    if (refused.size > 0) return;
    const answers = await tx.invoices.findMany(saved.map(({ record }) => record.id));
    const byId = new Map(answers.map(({ consumptionIds: _, ...invoice }) => [invoice.id, invoice]));
    for (const { index, record } of saved) stored[index] = byId.get(record.id);
  };

  for (const [index, row] of parsed) {
    if (written.has(row.id)) {
      // The earlier one's writes come first, and this one is checked against what they left.
      await flush();
      const now = await tx.invoices.find(row.id);
      if (now === undefined) known.invoices.delete(row.id);
      else known.invoices.set(row.id, now);
    }
    try {
      const checked = check(row, known);
      pending.push({ ...checked, index });
      written.add(row.id);
      if (checked.isNew) inserted += 1;
    } catch (error) {
      refused.set(index, error);
    }
  }
  await flush();
  const issues: FieldIssue[] = [];
  for (const index of [...refused.keys()].sort((a, b) => a - b)) {
    issues.push(...batchIssues(index, refused.get(index)));
  }
  const first = issues[0];
  if (first !== undefined) {
    throw validationError(`invoices rejected: ${first.path}: ${first.message}`, issues);
  }
  return { invoices: stored, inserted };
}
