import { ok } from '../carts/support.js';
import { api } from '../support/auth.js';
import type { TestServer } from '../support/test-server.js';

export { ok };

export interface Ref {
  typeId: string;
  id: string;
  obj?: CategoryBody;
}
export interface AssetBody {
  id: string;
  key?: string;
  name: Record<string, string>;
  description?: Record<string, string>;
  tags?: string[];
  sources: { uri: string; key?: string }[];
  custom?: { type: Ref; fields: Record<string, unknown> };
}
export interface CategoryBody {
  id: string;
  version: number;
  key?: string;
  externalId?: string;
  name: Record<string, string>;
  slug: Record<string, string>;
  description?: Record<string, string>;
  ancestors: Ref[];
  parent?: Ref;
  orderHint: string;
  metaTitle?: Record<string, string>;
  metaDescription?: Record<string, string>;
  metaKeywords?: Record<string, string>;
  assets: AssetBody[];
  custom?: { type: Ref; fields: Record<string, unknown> };
  createdAt: string;
  lastModifiedAt: string;
}

let seq = 0;
/** A slug no other test uses. */
export const uniqueSlug = (prefix = 'cat') => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

/** Creates a category (a fresh slug unless the draft names one). */
export function createCategory(server: TestServer, token: string, draft: Record<string, unknown> = {}): Promise<CategoryBody> {
  return ok<CategoryBody>(
    api(server, token, `/${server.projectKey}/categories`, { body: { name: { en: 'Category' }, slug: { en: uniqueSlug() }, ...draft } }),
    201,
  );
}

export const categoryRef = (category: { id: string }) => ({ typeId: 'category', id: category.id });
