/** The inputs part of the port: recommended inputs by country and type (docs/inputs.md). */
import type { Page, PageQuery } from "../model/common.js";
import type { RecommendedInputAnswer, RecommendedInputType } from "../model/recommended-input.js";

export interface RecommendedQuery extends PageQuery {
  readonly country: string;
  /** Every type when absent. */
  readonly types?: readonly RecommendedInputType[];
}

export interface InputsPort {
  /** One page of what the factor library can price in the country, by type. */
  recommended(query: RecommendedQuery): Promise<Page<RecommendedInputAnswer>>;
}
