import { readFileSync } from 'node:fs';

export const PROVIDERS = ['sqlite', 'postgresql'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** prisma/schema.prisma is written for SQLite; PostgreSQL gets the same models with its own provider. */
export function renderSchema(provider: Provider): string {
  const source = readFileSync('prisma/schema.prisma', 'utf8');
  const rendered = source.replace(/provider\s*=\s*"sqlite"/, `provider = "${provider}"`);
  if (provider === 'postgresql' && rendered === source) throw new Error('prisma/schema.prisma must declare provider = "sqlite"');
  return rendered;
}
