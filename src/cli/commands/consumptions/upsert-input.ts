import { readFile } from "node:fs/promises";
import { CarbonError, type FieldIssue } from "../../../core/errors.js";
import { consumptionId, isUuid } from "../../../core/ids.js";
import { dottedPath, findNotUtf8, NOT_UTF8_MESSAGE } from "../../../core/json-bytes.js";
import { normalizeIsoDateTime } from "../../../core/model/common.js";
import { type ConsumptionInput, consumptionInputSchema } from "../../../core/model/consumption.js";
import { KWH_PER_M3_MAX, KWH_PER_M3_MIN, yearProblem } from "../../../core/model/text-values.js";
import type { CarbonService } from "../../../core/service.js";
import { zodFieldIssues } from "../../../core/zod-issues.js";
import { parseNumber, parseText, parseUuid } from "../../flags.js";
import { idResolver } from "../../id-resolver.js";

export interface UpsertOptions {
  readonly file?: string;
  readonly company?: string;
  readonly building?: string;
  readonly category?: string;
  readonly start?: string;
  readonly end?: string;
  readonly quantity?: string;
  readonly unit?: string;
  readonly entity?: string;
  readonly id?: string;
  readonly provider?: string;
  readonly fuelType?: string;
  readonly kwhPerM3?: string;
}

const dataFlags = [
  ["company", "--company"],
  ["building", "--building"],
  ["category", "--category"],
  ["start", "--start"],
  ["end", "--end"],
  ["quantity", "--quantity"],
  ["unit", "--unit"],
  ["entity", "--entity"],
  ["id", "--id"],
  ["provider", "--provider"],
  ["fuelType", "--fuel-type"],
  ["kwhPerM3", "--kwh-per-m3"],
] as const;

const requiredFlags = ["company", "building", "category", "start", "end", "quantity", "unit"];

/** The subcategory id of a code in any case (`natural_gas`) or of a subcategory UUID; undefined if neither. */
export async function findSubcategory(
  service: CarbonService,
  value: string,
): Promise<string | undefined> {
  const page = await service.categories.list({ level: "subcategory", code: value });
  return page.data[0]?.id;
}

function unknownCategory(value: string): string {
  return `unknown category "${value}": expected a subcategory code such as natural_gas or its UUID (see carbon categories list --level subcategory)`;
}

function parseDay(flag: string, value: string): string {
  const normalized = normalizeIsoDateTime(value);
  const problem =
    normalized === undefined
      ? "expected a date YYYY-MM-DD such as 2024-01-31"
      : yearProblem(normalized);
  if (problem !== undefined || normalized === undefined) {
    throw new CarbonError("usage", `invalid ${flag} "${value}": ${problem ?? "expected a date"}`);
  }
  return normalized;
}

/** The consumption given by --company, --building, --category, --start, --end, --quantity, --unit. */
export async function inputFromFlags(
  service: CarbonService,
  opts: UpsertOptions,
): Promise<ConsumptionInput> {
  const missing = dataFlags
    .filter(([key]) => requiredFlags.includes(key) && opts[key] === undefined)
    .map(([, flag]) => flag);
  if (missing.length > 0) {
    throw new CarbonError("usage", `missing ${missing.join(", ")}`, {
      hint: "give every one of --company, --building, --category, --start, --end, --quantity and --unit, or --file consumption.json",
    });
  }
  const startDate = parseDay("--start", opts.start ?? "");
  const endDate = parseDay("--end", opts.end ?? "");
  if (endDate < startDate) {
    throw new CarbonError("usage", `--end ${opts.end} is before --start ${opts.start}`);
  }
  const quantity = parseNumber("--quantity", opts.quantity ?? "", 0);
  const unitType = parseText("--unit", opts.unit ?? "");
  const entityId = opts.entity ?? "";
  const id = opts.id === undefined ? undefined : parseUuid("--id", opts.id);
  if (opts.provider !== undefined && opts.fuelType !== undefined) {
    throw new CarbonError(
      "usage",
      "--provider and --fuel-type cannot be combined: a consumption names one custom input",
    );
  }
  const named = {
    ...(opts.provider === undefined
      ? {}
      : { provider: parseUuid("--provider", opts.provider).toLowerCase() }),
    ...(opts.fuelType === undefined
      ? {}
      : { fuelType: parseUuid("--fuel-type", opts.fuelType).toLowerCase() }),
  };
  const billed = opts.kwhPerM3 === undefined ? {} : { kwhPerM3: parseKwhPerM3(opts.kwhPerM3) };
  const ids = idResolver(() => Promise.resolve(service));
  const companyId = await ids.company("--company", opts.company ?? "");
  const buildingId = await ids.building("--building", opts.building ?? "", companyId);
  const categoryText = opts.category ?? "";
  const categoryId = await findSubcategory(service, categoryText);
  if (categoryId === undefined) {
    throw new CarbonError("usage", `invalid --category: ${unknownCategory(categoryText)}`);
  }
  const key = { companyId, buildingId, categoryId, entityId, startDate, endDate };
  return { id: id ?? consumptionId(key), ...key, quantity, unitType, ...named, ...billed };
}

function parseKwhPerM3(text: string): number {
  const value = parseNumber("--kwh-per-m3", text, KWH_PER_M3_MIN);
  if (value > KWH_PER_M3_MAX) {
    throw new CarbonError(
      "usage",
      `invalid --kwh-per-m3 "${text}": expected kWh per m3 between ${KWH_PER_M3_MIN} and ${KWH_PER_M3_MAX}`,
    );
  }
  return value;
}

/** The problems are listed under the message (report.ts), so the message only counts them. */
function rejected(file: string, issues: readonly FieldIssue[]): CarbonError {
  const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
  return new CarbonError("validation", `${file} is not a valid consumption: ${count}`, { issues });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The consumption in a JSON file: the API's fields, `id` optional, `categoryId` may be a code. */
export async function inputFromFile(
  service: CarbonService,
  file: string,
  opts: UpsertOptions,
): Promise<ConsumptionInput> {
  const combined = dataFlags.filter(([key]) => opts[key] !== undefined).map(([, flag]) => flag);
  if (combined.length > 0) {
    throw new CarbonError("usage", `--file cannot be combined with ${combined.join(", ")}`);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CarbonError("usage", `cannot read --file ${file}: ${reason}`, { cause: error });
  }
  const notUtf8 = findNotUtf8(bytes);
  if (notUtf8 !== undefined) {
    const path = notUtf8.path === undefined ? "" : dottedPath(notUtf8.path);
    const where = path === "" ? `line ${notUtf8.line} ` : "";
    throw rejected(file, [{ path, message: `${where}${NOT_UTF8_MESSAGE}` }]);
  }
  const text = bytes.toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw rejected(file, [{ path: "", message: `invalid JSON: ${reason}` }]);
  }
  if (!isRecord(parsed)) {
    throw rejected(file, [
      { path: "", message: "expected one JSON object with the consumption's fields" },
    ]);
  }
  const body: Record<string, unknown> = { entityId: "", ...parsed };
  if (typeof body.categoryId === "string" && !isUuid(body.categoryId)) {
    const categoryId = await findSubcategory(service, body.categoryId);
    if (categoryId === undefined) {
      throw rejected(file, [{ path: "categoryId", message: unknownCategory(body.categoryId) }]);
    }
    body.categoryId = categoryId;
  }
  const provisionalId = body.id === undefined ? "00000000-0000-4000-8000-000000000000" : body.id;
  const result = consumptionInputSchema.safeParse({ ...body, id: provisionalId });
  if (!result.success) {
    throw rejected(file, zodFieldIssues(result.error));
  }
  const input = result.data;
  return body.id === undefined ? { ...input, id: consumptionId(input) } : input;
}
