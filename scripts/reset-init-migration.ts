/**
 * `npm run db:init-migration`: until the first release there is a single `0001_init` migration per
 * database, regenerated from prisma/schema.prisma. After a release, add migrations with
 * `npm run db:migration -- <name>` instead and never rewrite a released one.
 */
import { rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

rmSync('prisma/migrations', { recursive: true, force: true });
execFileSync('node_modules/.bin/tsx', ['scripts/create-migration.ts', 'init', '--stamp=0001'], { stdio: 'inherit' });
