import type { RequestContext } from '../../context.js';
import type { DocumentAddress } from '../document-repository.js';

interface Writes<D, U> {
  update(ctx: RequestContext, at: DocumentAddress, update: U, expand?: readonly string[]): Promise<D>;
  delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<D>;
}

/**
 * Update and delete behind a fence (an in-store endpoint's store): the document at `at` must pass
 * `own` (which answers 404 otherwise), then `service` writes it by id. The fence is decided on the
 * document as it was; the write itself still checks the version.
 */
export function fencedWrites<D extends { id: string }, U>(own: (ctx: RequestContext, at: DocumentAddress) => Promise<D>, service: Writes<D, U>): Writes<D, U> {
  return {
    async update(ctx, at, update, expand) {
      return service.update(ctx, { id: (await own(ctx, at)).id }, update, expand);
    },
    async delete(ctx, at, version, expand) {
      return service.delete(ctx, { id: (await own(ctx, at)).id }, version, expand);
    },
  };
}
