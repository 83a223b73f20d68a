import type { EmissionGroup, EmissionSummary } from "../../../core/model/emission.js";
import type { PeriodFilter } from "../../../core/ports/consumptions.js";
import type { Context } from "../../context.js";
import { type Column, renderList, renderObject } from "../../output/format.js";
import { renderBoxTable } from "../../render/box-table.js";
import {
  type DashboardDimension,
  emissionDashboardTables,
} from "../../render/emission-dashboard.js";
import { awaitingFactorNote, explainCommand } from "./awaiting-note.js";
import { calculationNotes } from "./calculation-notes.js";
import type { LimitUsed } from "./limit-flag.js";

export interface EmissionDashboardData {
  readonly grid: EmissionSummary;
  readonly scopes: EmissionSummary;
  readonly by: DashboardDimension;
  readonly year: number | undefined;
  readonly period: PeriodFilter;
  /** The organization limit the figures are consolidated by. */
  readonly limit?: LimitUsed;
}

function groupColumns(by: DashboardDimension): Column<EmissionGroup>[] {
  return [
    { header: "month", value: (group) => group.key.month },
    { header: by, value: (group) => group.key[by] },
    { header: "co2e", value: (group) => group.co2e },
    { header: "co2eMarketBased", value: (group) => group.co2eMarketBased },
    { header: "count", value: (group) => group.count },
    { header: "awaitingFactor", value: (group) => group.awaitingFactor },
  ];
}

/**
 * table: the month grid with bars and totals; json: the summary; ndjson, csv, tsv: one line per
 * month and scope (or category), unrounded. The awaiting-factor count goes to stderr.
 */
export function renderEmissionDashboard(ctx: Context, data: EmissionDashboardData): void {
  const { io } = ctx;
  const format = ctx.format();
  switch (format) {
    case "table": {
      const tables = emissionDashboardTables(data.grid, data.scopes, {
        by: data.by,
        columns: io.columns,
        ...(data.year === undefined ? {} : { year: data.year }),
      });
      io.out(tables.map(renderBoxTable).join("\n"));
      break;
    }
    case "json":
      renderObject(
        io,
        format,
        data.limit === undefined ? data.grid : { ...data.grid, limit: data.limit },
        [],
      );
      break;
    case "ndjson":
    case "csv":
    case "tsv":
      renderList(io, format, data.grid.groups, groupColumns(data.by));
      break;
    default: {
      const unknown: never = format;
      throw new Error(`unknown output format ${String(unknown)}`);
    }
  }
  const quiet = ctx.globals().quiet === true;
  const biogenic = data.grid.totals.biogenicCo2 ?? 0;
  // Outside of scopes (GHG Protocol): reported beside the totals, never added to them.
  if (format === "table" && biogenic > 0 && !quiet) {
    io.err(`biogenic CO2 (outside of scopes, not in the totals): ${biogenic} kg`);
  }
  if (quiet) return;
  const note = awaitingFactorNote(data.grid.totals.awaitingFactor, data.period, "emission line");
  if (note !== undefined) io.err(note);
  const explain = explainCommand(data.period);
  for (const line of calculationNotes(data.grid.totals, data.grid.gwpSet, explain)) io.err(line);
}
