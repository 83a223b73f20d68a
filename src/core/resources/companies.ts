/** Companies as a plain resource: the organisations whose footprint is measured. */
import { z } from "zod";
import {
  type Company,
  type CompanyInput,
  companyAnswerSchema,
  companyInputSchema,
  companySchema,
} from "../model/company.js";
import type { ResourceDescriptor } from "../resource.js";

export type CompanyFilter = Record<never, never>;

export const companiesResource: ResourceDescriptor<Company, CompanyInput, CompanyFilter> = {
  name: "companies",
  singular: "company",
  record: companySchema,
  // What a remote answer needs, read tolerantly; the fields a server adds are kept.
  answer: companyAnswerSchema,
  input: companyInputSchema,
  schemaNames: { record: "Company", input: "CompanyInput" },
  filter: z.strictObject({}),
  filterFields: {},
  listQuery: () => ({}),
  order: [
    { name: "name", value: (company) => company.name },
    { name: "id", value: (company) => company.id },
  ],
  idOf: (input) => input.id,
  scope: (company) => company.id,
  filterScope: () => undefined,
  ofCompany: "self",
  everything: {},
  writers: ["admin"],
  operations: {
    list: { path: "/companies", spec: true },
    get: { path: "/companies/{id}", spec: false },
    upsert: { path: "/companies", spec: true },
  },
  summaries: {
    list: "List companies (a scoped token: its companies)",
    get: "Get one company",
    upsert: "Create or update a company by its id (admin)",
  },
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly companies: {
      readonly record: Company;
      readonly input: CompanyInput;
      readonly filter: CompanyFilter;
    };
  }
}
