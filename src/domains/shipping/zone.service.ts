import type { Location, Zone, ZoneDraft, ZoneUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { zoneResource } from '../../resources/queryable-resources.js';
import { deleteUnlessReferenced } from '../../resources/referenced-delete.js';
import type { Referrer } from '../../resources/referrers.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

const sameLocation = (a: Location, b: Location) => a.country === b.country && a.state === b.state;

function describe(location: Location): string {
  return location.state === undefined ? `country '${location.country}'` : `country '${location.country}' and state '${location.state}'`;
}

/** The locations of a zone: each country/state pair at most once. */
function checkedLocations(locations: readonly Location[]): Location[] {
  const result: Location[] = [];
  for (const location of locations) {
    if (result.some((l) => sameLocation(l, location))) throw new InvalidOperationError(`The zone already contains the location with ${describe(location)}.`);
    result.push(location.state === undefined ? { country: location.country } : { country: location.country, state: location.state });
  }
  return result;
}

const actions: ActionHandlers<Zone, ZoneUpdateAction> = {
  addLocation: (doc, a) => void (doc.locations = checkedLocations([...doc.locations, a.location])),
  removeLocation: (doc, a) => {
    const index = doc.locations.findIndex((l) => sameLocation(l, a.location));
    if (index < 0) throw new InvalidOperationError(`The zone does not contain the location with ${describe(a.location)}.`);
    doc.locations.splice(index, 1);
  },
  setLocations: (doc, a) => void (doc.locations = checkedLocations(a.locations)),
  changeName: (doc, a) => void (doc.name = a.name),
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
};

/**
 * Zones: the locations (a country, optionally one of its states) shipping methods set rates for. A
 * zone a shipping method still uses cannot be deleted.
 */
export class ZoneService extends DocumentService<Zone, ZoneDraft, ZoneUpdateAction> {
  readonly repository = new DocumentRepository<Zone>({ resource: zoneResource });
  protected readonly actions = actions;

  /** What refers to this resource and so keeps it from being deleted. */
  constructor(private readonly referrers: readonly Referrer[]) {
    super();
  }

  protected fromDraft(_ctx: RequestContext, draft: ZoneDraft): NewDocument<Zone> {
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      locations: checkedLocations(draft.locations ?? []),
    };
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Zone> {
    return deleteUnlessReferenced(ctx, this.repository, at, version, this.referrers, expand);
  }
}

/** Whether a zone covers an address: its country, and its state where the location names one. */
export function zoneCovers(zone: Zone, address: { country: string; state?: string }): boolean {
  return zone.locations.some((l) => l.country === address.country && (l.state === undefined || l.state === address.state));
}
