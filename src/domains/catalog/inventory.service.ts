import type {
  Cart,
  InventoryEntry,
  InventoryEntryDraft,
  InventoryEntryUpdateAction,
  Reference,
  ResourceIdentifier,
} from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError } from '../../errors/api-error.js';
import { channelReference } from '../channels/index.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { inventoryResource } from '../../resources/queryable-resources.js';
import { sql } from '../../db/statements.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';
import { OutOfStockError } from '../../errors/commerce-errors.js';

const BY_SKU_AND_CHANNEL = sql('SELECT $DATA AS "data" FROM "InventoryEntry" WHERE "projectKey" = ? AND "sku" = ? AND "supplyChannelId" = ?');

/** The stored inventory entries, one per SKU and supply channel (the database keeps it so). */
export const inventoryRepository = new DocumentRepository<InventoryEntry>({
  resource: inventoryResource,
  extraColumns: { names: ['sku', 'supplyChannelId'], values: (doc) => ({ sku: doc.sku, supplyChannelId: doc.supplyChannel?.id ?? '' }) },
  uniqueRules: (doc) => [
    {
      model: 'InventoryEntry',
      fields: ['projectKey', 'sku', 'supplyChannelId'],
      error: () => new DuplicateFieldError('sku', doc.sku, `The SKU '${doc.sku}' has an inventory entry in this supply channel already.`),
    },
  ],
});

const supplyChannel = (ctx: RequestContext, identifier: ResourceIdentifier): Promise<Reference> =>
  channelReference(ctx, identifier, 'supplyChannel', 'InventorySupply');

/** The quantity actions move the stock and what is available by the same amount (what orders took stays taken). */
function moveStock(entry: InventoryEntry, by: number): void {
  entry.quantityOnStock += by;
  entry.availableQuantity += by;
}

const actions: ActionHandlers<InventoryEntry, InventoryEntryUpdateAction> = {
  addQuantity: (entry, a) => moveStock(entry, a.quantity),
  removeQuantity: (entry, a) => moveStock(entry, -a.quantity),
  changeQuantity: (entry, a) => moveStock(entry, a.quantity - entry.quantityOnStock),
  setRestockableInDays: (entry, a) => setOptional(entry, 'restockableInDays', a.restockableInDays),
  setExpectedDelivery: (entry, a) => setOptional(entry, 'expectedDelivery', a.expectedDelivery),
  setSupplyChannel: async (entry, a, ctx) => setOptional(entry, 'supplyChannel', a.supplyChannel ? await supplyChannel(ctx, a.supplyChannel) : undefined),
  setKey: (entry, a) => setOptional(entry, 'key', a.key),
  ...customFieldActions('inventory-entry'),
};

/**
 * Inventory: the stock of each SKU per supply channel. Ordering a cart whose inventoryMode is
 * TrackOnly or ReserveOnOrder takes its line items' quantities from the matching entries, in the
 * order's transaction (see `takeStock`).
 */
export class InventoryService extends DocumentService<InventoryEntry, InventoryEntryDraft, InventoryEntryUpdateAction> {
  readonly repository = inventoryRepository;
  protected readonly actions = actions;

  protected async fromDraft(ctx: RequestContext, draft: InventoryEntryDraft): Promise<NewDocument<InventoryEntry>> {
    const custom = await customFieldsFromDraft(ctx, 'inventory-entry', draft.custom);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      sku: draft.sku,
      ...(draft.supplyChannel ? { supplyChannel: await supplyChannel(ctx, draft.supplyChannel) } : {}),
      quantityOnStock: draft.quantityOnStock,
      availableQuantity: draft.quantityOnStock,
      ...(draft.restockableInDays !== undefined ? { restockableInDays: draft.restockableInDays } : {}),
      ...(draft.expectedDelivery !== undefined ? { expectedDelivery: draft.expectedDelivery } : {}),
      ...(custom ? { custom } : {}),
    };
  }
}

/**
 * Ordering the cart (in the order's transaction): with inventoryMode TrackOnly each line item takes its
 * quantity from the entry of its SKU and supply channel, which must exist; with ReserveOnOrder the entry
 * must also have the quantity available, unless it is restockable (restockableInDays). Otherwise 400
 * OutOfStock naming every such line item, and nothing is taken. Each entry is written conditionally on
 * its version, so two orders taking the same stock at once cannot both read the same quantity.
 */
export async function takeStock(tx: RequestContext, cart: Cart): Promise<void> {
  if (cart.inventoryMode !== 'TrackOnly' && cart.inventoryMode !== 'ReserveOnOrder') return;
  const taken = new Map<string, { entry: InventoryEntry; next: InventoryEntry }>();
  const missing: { lineItem: string; sku: string }[] = [];
  for (const line of cart.lineItems) {
    const sku = line.variant.sku;
    if (sku === undefined) continue;
    const channelId = line.supplyChannel?.id ?? '';
    const slot = `${sku}\u0000${channelId}`;
    let pair = taken.get(slot);
    if (!pair) {
      const text = await tx.db.value<string>(BY_SKU_AND_CHANNEL[tx.db.dialect], [tx.projectKey, sku, channelId]);
      if (text === undefined) {
        missing.push({ lineItem: line.id, sku });
        continue;
      }
      const entry = JSON.parse(text) as InventoryEntry;
      pair = { entry, next: structuredClone(entry) };
      taken.set(slot, pair);
    }
    const short = pair.next.availableQuantity < line.quantity && pair.next.restockableInDays === undefined;
    if (cart.inventoryMode === 'ReserveOnOrder' && short) missing.push({ lineItem: line.id, sku });
    else pair.next.availableQuantity -= line.quantity;
  }
  if (missing.length > 0) throw new OutOfStockError([...new Set(missing.map((m) => m.lineItem))], [...new Set(missing.map((m) => m.sku))]);
  for (const { entry, next } of taken.values()) await inventoryRepository.replace(tx, entry, next);
}
