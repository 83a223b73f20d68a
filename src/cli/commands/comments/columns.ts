import type { Comment } from "../../../core/model/comment.js";
import type { Column } from "../../output/format.js";

export const commentColumns: readonly Column<Comment>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "entityType", value: (record) => record.entityType },
  { header: "entityId", value: (record) => record.entityId },
  { header: "author", value: (record) => record.author },
  { header: "createdAt", value: (record) => record.createdAt },
  { header: "updatedAt", value: (record) => record.updatedAt },
  { header: "text", value: (record) => record.text },
];
