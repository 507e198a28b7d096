import { randomUUID } from 'node:crypto';
import type { Asset, AssetDraft, AssetSource, FieldContainer, LocalizedString, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError, InvalidOperationError } from '../../errors/api-error.js';
import { customFieldsFromDraft, setCustomField, setCustomType } from '../types/index.js';
import { setOptional } from '../../resources/update-actions.js';

/**
 * Assets of categories and product variants (spec "Asset"): keys unique among the assets of their
 * holder, source keys unique within an asset, custom fields of the resource type id `asset`.
 */

function checkSourceKeys(sources: readonly AssetSource[], field: string): void {
  const keys = sources.map((s) => s.key).filter((k) => k !== undefined);
  const duplicate = keys.find((k, j) => keys.indexOf(k) !== j);
  if (duplicate !== undefined) throw new DuplicateFieldError(`${field}.sources.key`, duplicate);
}

/** An asset from its draft, with a new id and its custom fields checked against their Type. */
export async function assetFromDraft(ctx: RequestContext, draft: AssetDraft, field: string): Promise<Asset> {
  checkSourceKeys(draft.sources, field);
  const { custom: customDraft, ...rest } = draft;
  const custom = await customFieldsFromDraft(ctx, 'asset', customDraft);
  return { id: randomUUID(), ...rest, ...(custom ? { custom } : {}) };
}

/** The assets of a holder from their drafts; a key given twice is 400 DuplicateField. */
export async function assetsFromDrafts(ctx: RequestContext, drafts: readonly AssetDraft[], field: string): Promise<Asset[]> {
  const assets: Asset[] = [];
  for (const [i, draft] of drafts.entries()) assets.push(await assetFromDraft(ctx, draft, `${field}[${i}]`));
  checkAssetKeys(assets, `${field}.key`);
  return assets;
}

export function checkAssetKeys(assets: readonly Asset[], field: string): void {
  const keys = assets.map((a) => a.key).filter((k) => k !== undefined);
  const duplicate = keys.find((k, j) => keys.indexOf(k) !== j);
  if (duplicate !== undefined) throw new DuplicateFieldError(field, duplicate);
}

/** How an asset update action names its asset. */
export interface AssetAddress {
  assetId?: string;
  assetKey?: string;
}

/** The asset named by id (or else by key); 400 InvalidOperation when there is none. */
export function findAsset(assets: readonly Asset[] | undefined, at: AssetAddress): Asset {
  const asset = (assets ?? []).find((a) => (at.assetId !== undefined ? a.id === at.assetId : at.assetKey !== undefined && a.key === at.assetKey));
  if (!asset) {
    const what = at.assetId !== undefined ? `id '${at.assetId}'` : at.assetKey !== undefined ? `key '${at.assetKey}'` : 'no assetId or assetKey';
    throw new InvalidOperationError(`There is no asset with ${what}.`);
  }
  return asset;
}

/** Something that holds assets (a category, a product variant). */
export interface AssetHolder {
  assets?: Asset[];
}

/**
 * The asset update actions shared by every holder of assets, each on the holder's `assets`. Optional
 * values left out remove the field (partial update format).
 */
export const assetActions = {
  async addAsset(ctx: RequestContext, holder: AssetHolder, a: { asset: AssetDraft; position?: number }): Promise<void> {
    const assets = holder.assets ?? [];
    if (a.position !== undefined && a.position > assets.length) {
      throw new InvalidOperationError(`Invalid position ${a.position}: there are ${assets.length} assets.`);
    }
    assets.splice(a.position ?? assets.length, 0, await assetFromDraft(ctx, a.asset, 'asset'));
    checkAssetKeys(assets, 'asset.key');
    holder.assets = assets;
  },
  removeAsset(holder: AssetHolder, a: AssetAddress): void {
    const asset = findAsset(holder.assets, a);
    holder.assets = (holder.assets ?? []).filter((x) => x !== asset);
  },
  changeAssetOrder(holder: AssetHolder, a: { assetOrder: string[] }): void {
    const assets = holder.assets ?? [];
    const byId = new Map(assets.map((x) => [x.id, x]));
    if (a.assetOrder.length !== assets.length || new Set(a.assetOrder).size !== assets.length || a.assetOrder.some((id) => !byId.has(id))) {
      throw new InvalidOperationError('The assetOrder must list the ids of all assets, each once.');
    }
    holder.assets = a.assetOrder.map((id) => byId.get(id)!);
  },
  changeAssetName(holder: AssetHolder, a: AssetAddress & { name: LocalizedString }): void {
    findAsset(holder.assets, a).name = a.name;
  },
  setAssetDescription(holder: AssetHolder, a: AssetAddress & { description?: LocalizedString }): void {
    setOptional(findAsset(holder.assets, a), 'description', a.description);
  },
  setAssetTags(holder: AssetHolder, a: AssetAddress & { tags?: string[] }): void {
    setOptional(findAsset(holder.assets, a), 'tags', a.tags);
  },
  setAssetSources(holder: AssetHolder, a: AssetAddress & { sources: AssetSource[] }): void {
    checkSourceKeys(a.sources, 'sources');
    findAsset(holder.assets, a).sources = a.sources;
  },
  setAssetKey(holder: AssetHolder, a: { assetId: string; assetKey?: string }): void {
    setOptional(findAsset(holder.assets, { assetId: a.assetId }), 'key', a.assetKey);
    checkAssetKeys(holder.assets ?? [], 'assetKey');
  },
  setAssetCustomType(ctx: RequestContext, holder: AssetHolder, a: AssetAddress & { type?: ResourceIdentifier; fields?: FieldContainer }): Promise<void> {
    return setCustomType(ctx, 'asset', findAsset(holder.assets, a), a.type, a.fields);
  },
  setAssetCustomField(ctx: RequestContext, holder: AssetHolder, a: AssetAddress & { name: string; value?: unknown }): Promise<void> {
    return setCustomField(ctx, findAsset(holder.assets, a), a.name, a.value);
  },
};
