/**
 * Reactions across domains go through one typed registry: a domain declares the events it announces (a name
 * and a payload each) and emits them; flows, the OAuth module and other domains register what happens then.
 * No domain holds another's listeners, and the composition root is where the two meet.
 *
 * Handlers run in the order they were registered and are awaited one after the other, so an event emitted
 * inside a transaction (its payload carries the transaction's context) has every reaction written in it or,
 * if one throws, none.
 */
type Handler<E> = (event: E) => Promise<void> | void;

/** What a domain is given to announce its own events with. */
export interface DomainEventSink<M> {
  emit<K extends keyof M>(name: K, event: M[K]): Promise<void>;
}

export class DomainEvents<M> implements DomainEventSink<M> {
  private readonly handlers: { [K in keyof M]?: Handler<M[K]>[] } = {};

  on<K extends keyof M>(name: K, handler: Handler<M[K]>): void {
    (this.handlers[name] ??= []).push(handler);
  }

  async emit<K extends keyof M>(name: K, event: M[K]): Promise<void> {
    const handlers = this.handlers[name];
    if (handlers === undefined) return;
    for (const handler of handlers) await handler(event);
  }
}
