import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ASTVisitor } from 'graphql';

/**
 * Bounds on one GraphQL document so that a single request cannot exhaust the server: nesting depth,
 * aliases (each alias can repeat an expensive field) and cost (fields selected, fragments counted
 * once per use). GraphiQL's introspection query stays well within them.
 */
export const QUERY_LIMITS = { maxDepth: 15, maxAliases: 50, maxFields: 2000 } as const;

interface Measure {
  depth: number;
  aliases: number;
  fields: number;
}

const ZERO: Measure = { depth: 0, aliases: 0, fields: 0 };

export function queryLimitsRule(limits: typeof QUERY_LIMITS = QUERY_LIMITS) {
  return function QueryLimits(context: ValidationContext): ASTVisitor {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    // Each fragment is measured once: nested spreads cost their measure, not a re-walk (no blow-up).
    const measured = new Map<string, Measure>();
    const measuring = new Set<string>();

    const measure = (set: SelectionSetNode | undefined): Measure => {
      if (!set) return ZERO;
      let depth = 0;
      let aliases = 0;
      let fields = 0;
      for (const selection of set.selections) {
        let inner: Measure;
        if (selection.kind === Kind.FIELD) {
          const child = measure(selection.selectionSet);
          inner = { depth: child.depth + 1, aliases: child.aliases + (selection.alias ? 1 : 0), fields: child.fields + 1 };
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = measure(selection.selectionSet);
        } else {
          inner = fragmentMeasure(selection.name.value);
        }
        depth = Math.max(depth, inner.depth);
        aliases += inner.aliases;
        fields += inner.fields;
      }
      return { depth, aliases, fields };
    };

    const fragmentMeasure = (name: string): Measure => {
      const known = measured.get(name);
      if (known) return known;
      const fragment = fragments.get(name);
      // Unknown fragments and cycles are reported by the standard rules.
      if (!fragment || measuring.has(name)) return ZERO;
      measuring.add(name);
      const result = measure(fragment.selectionSet);
      measuring.delete(name);
      measured.set(name, result);
      return result;
    };

    return {
      OperationDefinition(operation) {
        const { depth, aliases, fields } = measure(operation.selectionSet);
        const problems = [
          depth > limits.maxDepth ? `nesting depth ${depth} exceeds ${limits.maxDepth}` : undefined,
          aliases > limits.maxAliases ? `${aliases} aliases exceed ${limits.maxAliases}` : undefined,
          fields > limits.maxFields ? `${fields} selected fields exceed ${limits.maxFields}` : undefined,
        ].filter((p) => p !== undefined);
        if (problems.length > 0) {
          context.reportError(
            new GraphQLError(`The query is too complex: ${problems.join('; ')}.`, { nodes: [operation], extensions: { code: 'QueryComplexityLimitExceeded' } }),
          );
        }
      },
    };
  };
}
