/**
 * The resources of the framework (src/core/resource.ts), by the name of their part of the port:
 * each one's record, upsert input and list filter, and the port types derived from them. Apart
 * from service.ts so the ports of src/core/ports/ can name them without importing the port.
 */
import type { Building, BuildingInput } from "./model/building.js";
import type { Category } from "./model/category.js";
import type { Certificate, CertificateInput } from "./model/certificate.js";
import type { Comment, CommentInput } from "./model/comment.js";
import type { Company, CompanyInput } from "./model/company.js";
import type { CustomInput, CustomInputInput } from "./model/custom-input.js";
import type { Effluent, EffluentInput } from "./model/effluent.js";
import type { CustomFactor, CustomFactorInput } from "./model/factor.js";
import type { Goal, GoalInput, Task, TaskInput } from "./model/goal.js";
import type { Invoice, InvoiceInput } from "./model/invoice.js";
import type { Supplier, SupplierInput, SupplierUpsertResult } from "./model/supplier.js";
import type { User, UserInput } from "./model/user.js";
import type { Vehicle, VehicleInput } from "./model/vehicle.js";
import type { WasteOperator, WasteOperatorInput } from "./model/waste-operator.js";
import type { ReadOnlyResourcePort, ResourcePort } from "./resource.js";
import type { BuildingFilter } from "./resources/buildings.js";
import type { CategoryFilter } from "./resources/categories.js";
import type { CertificateFilter } from "./resources/certificates.js";
import type { CommentFilter } from "./resources/comments.js";
import type { CompanyFilter } from "./resources/companies.js";
import type { CustomFactorFilter } from "./resources/custom-factors.js";
import type { CustomInputFilter } from "./resources/custom-inputs.js";
import type { EffluentFilter } from "./resources/effluents.js";
import type { GoalFilter } from "./resources/goals.js";
import type { InvoiceFilter } from "./resources/invoices.js";
import type { SupplierFilter } from "./resources/suppliers.js";
import type { TaskFilter } from "./resources/tasks.js";
import type { UserFilter } from "./resources/users.js";
import type { VehicleFilter } from "./resources/vehicles.js";
import type { WasteOperatorFilter } from "./resources/waste-operators.js";

/** The plain resources (src/core/resource.ts): each one's record, upsert input and list filter. */
export interface ResourceTypes {
  readonly companies: {
    readonly record: Company;
    readonly input: CompanyInput;
    readonly filter: CompanyFilter;
  };
  readonly buildings: {
    readonly record: Building;
    readonly input: BuildingInput;
    readonly filter: BuildingFilter;
  };
  readonly suppliers: {
    readonly record: Supplier;
    readonly input: SupplierInput;
    readonly filter: SupplierFilter;
    /** The spec's `{id, name, email}`, and what the upsert did. */
    readonly upserted: SupplierUpsertResult;
  };
  readonly customFactors: {
    readonly record: CustomFactor;
    readonly input: CustomFactorInput;
    readonly filter: CustomFactorFilter;
  };
  readonly wasteOperators: {
    readonly record: WasteOperator;
    readonly input: WasteOperatorInput;
    readonly filter: WasteOperatorFilter;
  };
  readonly comments: {
    readonly record: Comment;
    readonly input: CommentInput;
    readonly filter: CommentFilter;
  };
  readonly goals: {
    readonly record: Goal;
    readonly input: GoalInput;
    readonly filter: GoalFilter;
  };
  readonly tasks: {
    readonly record: Task;
    readonly input: TaskInput;
    readonly filter: TaskFilter;
  };
  readonly invoices: {
    readonly record: Invoice;
    readonly input: InvoiceInput;
    readonly filter: InvoiceFilter;
  };
  readonly effluents: {
    readonly record: Effluent;
    readonly input: EffluentInput;
    readonly filter: EffluentFilter;
  };
  readonly vehicles: {
    readonly record: Vehicle;
    readonly input: VehicleInput;
    readonly filter: VehicleFilter;
  };
  readonly certificates: {
    readonly record: Certificate;
    readonly input: CertificateInput;
    readonly filter: CertificateFilter;
  };
  readonly customInputs: {
    readonly record: CustomInput;
    readonly input: CustomInputInput;
    readonly filter: CustomInputFilter;
  };
  readonly users: { readonly record: User; readonly input: UserInput; readonly filter: UserFilter };
}

export type ResourceName = keyof ResourceTypes;
export type RecordOf<K extends ResourceName> = ResourceTypes[K]["record"];
export type InputOf<K extends ResourceName> = ResourceTypes[K]["input"];
export type FilterOf<K extends ResourceName> = ResourceTypes[K]["filter"];
/** What a resource's upsert answers: the record, unless its entry says otherwise. */
export type UpsertedOf<K extends ResourceName> = ResourceTypes[K] extends {
  readonly upserted: infer U;
}
  ? U
  : RecordOf<K>;
export type PortOf<K extends ResourceName> = ResourcePort<
  RecordOf<K>,
  InputOf<K>,
  FilterOf<K>,
  UpsertedOf<K>
>;

/** One part of the port per plain resource: `service.companies.list(...)`. */
export type ResourceParts = { readonly [K in ResourceName]: PortOf<K> };

/** The read-only plain resources: each one's record and list filter. */
export interface ReadOnlyResourceTypes {
  readonly categories: { readonly record: Category; readonly filter: CategoryFilter };
}

export type ReadOnlyName = keyof ReadOnlyResourceTypes;
export type ReadOnlyPortOf<K extends ReadOnlyName> = ReadOnlyResourcePort<
  ReadOnlyResourceTypes[K]["record"],
  ReadOnlyResourceTypes[K]["filter"]
>;

/** One part of the port per read-only resource: `service.categories.list(...)`. */
export type ReadOnlyParts = { readonly [K in ReadOnlyName]: ReadOnlyPortOf<K> };
