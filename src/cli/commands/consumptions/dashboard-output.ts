import type { ConsumptionSummary } from "../../../core/model/emission.js";
import type { PeriodFilter } from "../../../core/ports/consumptions.js";
import type { Context } from "../../context.js";
import { renderList, renderObject } from "../../output/format.js";
import { renderBoxTable } from "../../render/box-table.js";
import { consumptionDashboardTable } from "../../render/consumption-dashboard.js";
import { awaitingFactorNote } from "../emissions/awaiting-note.js";
import { consumptionGroupColumns } from "./columns.js";

export interface ConsumptionDashboardData {
  readonly summary: ConsumptionSummary;
  readonly year: number | undefined;
  readonly period: PeriodFilter;
}

/**
 * table: months × subcategories with bars and totals; json: the summary; ndjson, csv, tsv: one
 * line per month and subcategory, unrounded. The awaiting-factor count goes to stderr.
 */
export function renderConsumptionDashboard(ctx: Context, data: ConsumptionDashboardData): void {
  const { io } = ctx;
  const format = ctx.format();
  switch (format) {
    case "table":
      io.out(
        renderBoxTable(
          consumptionDashboardTable(data.summary, {
            columns: io.columns,
            ...(data.year === undefined ? {} : { year: data.year }),
          }),
        ),
      );
      break;
    case "json":
      renderObject(io, format, data.summary, []);
      break;
    case "ndjson":
    case "csv":
    case "tsv":
      renderList(io, format, data.summary.groups, consumptionGroupColumns);
      break;
    default: {
      const unknown: never = format;
      throw new Error(`unknown output format ${String(unknown)}`);
    }
  }
  const note = awaitingFactorNote(data.summary.awaitingFactor, data.period);
  if (note !== undefined && ctx.globals().quiet !== true) io.err(note);
}
