/**
 * A record keeps the company it was created in. An upsert of its id written for another company
 * is refused as a conflict (409, exit 6) naming the owner: taking data from one company to
 * another is `carbon buildings move`, which recalculates emissions and keeps an audit trail.
 * Buildings, consumptions, suppliers, custom factors, waste operators, goals, tasks and GLEC entries
 * all follow this rule.
 */
import { CarbonError } from "./errors.js";

export const MOVE_HINT =
  "a record stays in its company; moving a building and its data to another company is `carbon buildings move`";

/** A GLEC entry is replaced whole by its id, so another company's id is freed by deleting it. */
export const GLEC_OWNER_HINT = "delete it first (carbon glec delete), or use another entry id";

/**
 * A record's parent (a task's goal, an effluent record's building) that is not one of the
 * record's company's: not found to it (404, exit 5), at the field that names the parent.
 */
export function notInCompany(
  parent: { readonly what: string; readonly id: string; readonly field: string },
  company: { readonly id: string; readonly name: string },
  hint: string,
): CarbonError {
  return new CarbonError(
    "not_found",
    `${parent.what} ${parent.id} not found in company "${company.name}" (${company.id})`,
    { hint, issues: [{ path: parent.field, message: `no such ${parent.what} in the company` }] },
  );
}

/** `consumption 1f… belongs to company 3a…, not 6b…`: what an issue or an error says. */
export function ownerMessage(what: string, id: string, owner: string, writer: string): string {
  return `${what} ${id} belongs to company ${owner}, not ${writer}`;
}

/** The conflict of writing `what` `id`, owned by `owner`, for company `writer`. */
export function ownerConflict(
  what: string,
  id: string,
  owner: string,
  writer: string,
  hint: string = MOVE_HINT,
): CarbonError {
  const message = ownerMessage(what, id, owner, writer);
  return new CarbonError("conflict", message, {
    issues: [{ path: "id", message: `belongs to company ${owner}` }],
    hint,
  });
}
