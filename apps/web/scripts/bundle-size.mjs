/**
 * What a first visit to a route downloads, in gzip bytes: the entry chunk with its static imports, plus the lazy
 * chunks the route table loads for that route (and their static imports). Reads dist/.vite/manifest.json, so run
 * `npm run build --workspace apps/web` first. Budget (ARCHITECTURE.md "Front end"): /auth/login ≤ 250 kB gzip, and no
 * MapLibre in the entry.
 *
 *   node apps/web/scripts/bundle-size.mjs
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KB = 250;

const gzipKb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

/** A manifest entry and everything it imports statically. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No manifest entry ${key}`);
    seen.add(key);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const byName = (fragment) => {
  const key = Object.keys(manifest).find((k) => k.includes(fragment));
  if (!key) throw new Error(`No chunk whose source matches ${fragment}`);
  return key;
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryChunks = closure([entry]);
const routes = {
  '(entry only)': [],
  '/auth/login': [byName('src/features/auth/login-page.tsx')],
  '/public/term-of-use': [
    byName('app/layouts/PublicLayout.tsx'),
    byName('src/features/public/index.ts'),
    byName('locales/en/deferred/legal.json'),
  ],
  '/vehicle-status (signed in)': [byName('app/layouts/AppLayout.tsx'), byName('src/app/screens.tsx')],
};

const total = (keys) => [...keys].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
let failed = false;
for (const [route, lazy] of Object.entries(routes)) {
  const keys = closure(lazy, new Set(entryChunks));
  const kb = total(keys);
  if (process.argv.includes('--verbose')) {
    for (const key of keys)
      if (!entryChunks.has(key))
        console.log(
          `    + ${manifest[key].file.padEnd(40)} ${gzipKb(manifest[key].file).toFixed(1).padStart(6)} kB`,
        );
  }
  const over = route === '/auth/login' && kb > BUDGET_KB;
  failed ||= over;
  console.log(
    `${route.padEnd(30)} ${kb.toFixed(1).padStart(7)} kB gzip${over ? `  OVER BUDGET (${BUDGET_KB} kB)` : ''}`,
  );
}
const mapInEntry = [...entryChunks].some((k) => /maplibre/i.test(k));
if (mapInEntry) console.log('MapLibre is in the entry: not allowed');
console.log('\nentry chunks:');
for (const key of entryChunks)
  console.log(`  ${manifest[key].file.padEnd(44)} ${gzipKb(manifest[key].file).toFixed(1).padStart(6)} kB`);
process.exitCode = failed || mapInEntry ? 1 : 0;
