import { LRUCache } from 'lru-cache';
import { parse, validate, type DocumentNode, type GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';

/**
 * Clients send the same few documents over and over (a storefront has a fixed set of operations), so
 * parsing and validating each one again is most of a GraphQL request's CPU. This keeps parsed
 * documents by their text and validation results by document, for one schema and one rule set.
 * Only documents that parse are kept, and only texts up to MAX_CACHED_LENGTH, so the cache is
 * bounded in entries and in bytes.
 */
const MAX_CACHED_LENGTH = 20_000;

export function cachedGraphQLSteps(maxDocuments = 1000) {
  const parsed = new LRUCache<string, DocumentNode>({ max: maxDocuments });
  const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();
  return {
    parse(source: string): DocumentNode {
      const hit = parsed.get(source);
      if (hit) return hit;
      const document = parse(source);
      if (source.length <= MAX_CACHED_LENGTH) parsed.set(source, document);
      return document;
    },
    validate(schema: GraphQLSchema, document: DocumentNode, rules: readonly ValidationRule[]): readonly GraphQLError[] {
      const hit = validated.get(document);
      if (hit) return hit;
      const errors = validate(schema, document, rules);
      validated.set(document, errors);
      return errors;
    },
  };
}
