/** The remote engine's categories: the spec's listing, whole when no page is asked for. */
import type { Category } from "../../core/model/category.js";
import { MAX_PAGE_LIMIT, type Page } from "../../core/model/common.js";
import type { ReadOnlyResourcePort } from "../../core/resource.js";
import { type CategoryFilter, categoriesResource } from "../../core/resources/categories.js";
import type { HttpClient } from "./client.js";
import { allPages } from "./pages.js";
import { remoteReadOnlyResource } from "./resource-client.js";

export function remoteCategories(
  client: HttpClient,
): ReadOnlyResourcePort<Category, CategoryFilter> {
  const listing = remoteReadOnlyResource(client, categoriesResource);
  return {
    // Without a limit the whole tree, as the local engine answers it; the server pages.
    async list(query): Promise<Page<Category>> {
      if (query.limit !== undefined) return listing.list(query);
      const all: Category[] = [];
      for await (const rows of allPages(
        (window) => listing.list({ ...query, ...window }),
        MAX_PAGE_LIMIT,
      )) {
        all.push(...rows);
      }
      return {
        data: all,
        pagination: { page: 1, limit: Math.max(all.length, 1), total: all.length },
      };
    },
  };
}
