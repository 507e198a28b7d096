/**
 * The house rules of src/ (see README, "Where code lives"), checked in CI by `npm run lint`:
 * no import cycles (type-only imports included), the kernel and shared leaves import no domain, a domain reaches
 * another domain only through that domain's index.ts, and transport reaches domains only through index.ts.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes module evaluation order matter; break it with a narrow port or by moving the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-domain',
      severity: 'error',
      comment: 'src/shared, src/resources, src/query, src/db and src/errors are below the domains.',
      from: { path: '^src/(shared|resources|query|db|errors)/' },
      to: { path: '^src/(domains|flows)/' },
    },
    {
      name: 'domain-to-domain-through-index',
      severity: 'error',
      comment: 'Another domain is reached through its public surface, its index.ts.',
      from: { path: '^src/domains/([^/]+)/' },
      to: { path: '^src/domains/([^/]+)/.+', pathNot: ['^src/domains/$1/', '^src/domains/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-reaches-domains-through-index',
      severity: 'error',
      comment: 'Transport, flows and the rest see a domain only through its index.ts.',
      from: { path: '^src/', pathNot: '^src/domains/' },
      to: { path: '^src/domains/[^/]+/.+', pathNot: '^src/domains/[^/]+/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^generated/'] },
    exclude: { path: ['\\.spec\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6'],
  },
};
