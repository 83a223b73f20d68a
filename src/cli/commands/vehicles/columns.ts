import type { Vehicle } from "../../../core/model/vehicle.js";
import type { Column } from "../../output/format.js";

export const vehicleColumns: readonly Column<Vehicle>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "name", value: (record) => record.name },
  { header: "licensePlate", value: (record) => record.licensePlate },
  { header: "vehicleType", value: (record) => record.vehicleType },
  { header: "fuelType", value: (record) => record.fuelType },
  { header: "ownership", value: (record) => record.ownership },
  { header: "activeFrom", value: (record) => record.activeFrom },
  { header: "activeTo", value: (record) => record.activeTo },
];
