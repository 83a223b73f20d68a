/** What a custom factor's write moved, for people, on stderr: `emissions recalculate`'s lines. */
import type { CustomFactorChange } from "../../../../core/model/custom-factor-change.js";
import type { Context } from "../../../context.js";
import { formatCount } from "../../../render/numbers.js";
import { changeLine, companyLine, moved } from "../../emissions/recalculate-run.js";

export function reportChange(ctx: Context, change: CustomFactorChange, dryRun: boolean): void {
  const report = change.recalculation;
  if (report === null) {
    ctx.io.err(
      "the server does not report what this factor moved; compare `carbon emissions dashboard` before and after",
    );
    return;
  }
  const count = formatCount(report.recalculated);
  ctx.io.err(
    `${count} consumptions ${dryRun ? "would be " : ""}recalculated under factor library ${report.factorLibraryVersion}`,
  );
  const rows = report.changes.filter(moved);
  for (const row of rows) ctx.io.err(changeLine(row));
  if (rows.length === 0) ctx.io.err("no stored figure moved");
  for (const company of report.companies) ctx.io.err(companyLine(company));
  if (dryRun) ctx.io.err("dry run: nothing was stored");
}
