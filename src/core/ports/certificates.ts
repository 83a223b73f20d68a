/** The certificates part of the port: the plain resource's verbs, plus the regos dashboard. */
import type { Page } from "../model/common.js";
import type { RegosAnswerRow, RegosQuery } from "../model/regos-dashboard.js";
import type { PortOf } from "../resource-types.js";

export interface CertificatesPort extends PortOf<"certificates"> {
  /** One page of the dashboard's rows; not_found for an unknown company or building. */
  dashboard(query: RegosQuery): Promise<Page<RegosAnswerRow>>;
}
