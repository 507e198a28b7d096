import { readFileSync } from 'node:fs';
import { shapeDifferences } from './sdk-shapes.js';

/**
 * Our contract against the official SDK's types, field by field, for every object type both name:
 * the listed differences (sdk-shape-differences.txt) and no others.
 */
it('differs from the SDK exactly where sdk-shape-differences.txt says', () => {
  const listed = readFileSync(new URL('./sdk-shape-differences.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split(' # ')[0].trim());
  const { common, differences } = shapeDifferences();
  expect(common).toBeGreaterThan(700);
  const appeared = differences.filter((d) => !listed.includes(d));
  const gone = listed.filter((d) => !differences.includes(d));
  // A new difference is a field a client's value would be dropped from (or a name the platform does not
  // have); a gone one is a fix whose line should be deleted.
  expect({ appeared, gone }).toEqual({ appeared: [], gone: [] });
});
