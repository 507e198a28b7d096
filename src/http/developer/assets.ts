import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The installed package's folder (not its entry file, which may sit in a subfolder). */
const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));

export interface Asset {
  type: string;
  body: Buffer;
}

/**
 * The browser files of the reference page and GraphiQL, served from the installed npm packages
 * (nothing from a CDN). Only the files named here are served, by name, so no request path ever
 * reaches the file system. Each file is read on first use and kept.
 */
const FILES: Record<string, () => string> = {
  'swagger-ui-bundle.js': () => join(packageDir('swagger-ui-dist'), 'swagger-ui-bundle.js'),
  'swagger-ui.css': () => join(packageDir('swagger-ui-dist'), 'swagger-ui.css'),
  'graphiql.min.js': () => join(packageDir('graphiql'), 'graphiql.min.js'),
  'graphiql.min.css': () => join(packageDir('graphiql'), 'graphiql.min.css'),
  'react.production.min.js': () => join(packageDir('react'), 'umd', 'react.production.min.js'),
  'react-dom.production.min.js': () => join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'),
};

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

const loaded = new Map<string, Asset>();

export function asset(name: string): Asset | undefined {
  const cached = loaded.get(name);
  if (cached) return cached;
  const path = Object.hasOwn(FILES, name) ? FILES[name]() : undefined;
  if (path === undefined) return undefined;
  const loadedAsset = { type: TYPES[name.slice(name.lastIndexOf('.') + 1)], body: readFileSync(path) };
  loaded.set(name, loadedAsset);
  return loadedAsset;
}
