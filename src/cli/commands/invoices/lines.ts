import { usageError } from "../../../core/errors.js";
import type { InvoiceLineInput } from "../../../core/model/invoice.js";

/** `--line QUANTITY:UNIT[:FUEL]` values as invoice lines; a malformed one is a usage error. */
export function parseLines(values: readonly string[]): InvoiceLineInput[] {
  return values.map((value, index) => {
    const [quantity = "", unit = "", fuel, ...rest] = value.split(":").map((part) => part.trim());
    const number = Number(quantity);
    if (quantity === "" || !Number.isFinite(number) || unit === "" || rest.length > 0) {
      throw usageError(
        `--line ${index + 1}: expected QUANTITY:UNIT[:FUEL] such as 1000:kWh or 5000:kWh:natural_gas, got "${value}"`,
      );
    }
    return fuel === undefined || fuel === ""
      ? { quantity: number, unit }
      : { quantity: number, unit, fuel };
  });
}
