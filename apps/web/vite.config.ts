import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// By path, not '@civicfleet/shared': Vite leaves bare imports of the config to Node, which cannot load the shared
// package's TypeScript source; a relative import is bundled with the config instead.
import { BrandSchema } from '../../packages/shared/src/brand.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Tenant branding is chosen at build time (spec 01 §1): BRAND=<id> picks brands/<id>.json. */
const brand = process.env.BRAND ?? 'civicfleet';
if (!/^[a-z0-9-]+$/.test(brand)) throw new Error(`BRAND must be a file name in brands/, got "${brand}"`);
const brandFile = path.resolve(here, `../../brands/${brand}.json`);
/**
 * Validated here, once per build, so the console only types it (src/lib/brand.ts) and the sign-in route does not
 * download zod. A malformed brand file fails the build (and the dev server and tests) with zod's message.
 */
const brandResult = BrandSchema.safeParse(JSON.parse(readFileSync(brandFile, 'utf8')));
if (!brandResult.success) {
  throw new Error(`brands/${brand}.json does not match BrandSchema:\n${brandResult.error.message}`);
}
const brandName = brandResult.data.name;
/**
 * What the browser gets: everything but the default password of new customer accounts, which only the server needs
 * (it would otherwise be readable by anyone who downloads the bundle).
 */
const { defaultPassword: _serverOnly, ...publicBrand } = brandResult.data;

/** `import brand from '@brand'` resolves to the public part of the brand file. */
const brandModule = {
  name: 'civicfleet-brand-module',
  resolveId: (id: string) => (id === '@brand' ? '\0civicfleet-brand' : null),
  load: (id: string) =>
    id === '\0civicfleet-brand' ? `export default ${JSON.stringify(publicBrand)};` : null,
};

/** index.html carries %BRAND_NAME% so the tab title is right before any script runs. */
const brandHtml = {
  name: 'civicfleet-brand-html',
  transformIndexHtml: (html: string) => html.replaceAll('%BRAND_NAME%', brandName.replace(/[<>&"]/g, '')),
};

/**
 * Vendor chunks, for long-lived caching of what every page needs: React + router, the MUI/emotion styling engine,
 * and i18n + server state + notifications. Groups match only libraries the entry needs anyway: a group pulls every
 * matching module into its chunk, so MUI components, pickers, forms and maps are left to automatic splitting and
 * stay out of the sign-in route's download (budget ≤250 kB gzip, ARCHITECTURE.md "Front end").
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
  {
    name: 'mui-styles',
    test: /node_modules[\\/](@emotion[\\/]|stylis[\\/]|@mui[\\/](styled-engine|private-theming)[\\/]|@mui[\\/]material[\\/]styles[\\/])/,
    priority: 2,
  },
  {
    name: 'i18n-query',
    test: /node_modules[\\/](i18next|react-i18next|@tanstack[\\/]query-core|notistack)[\\/]/,
    priority: 1,
  },
];

export default defineConfig({
  plugins: [react(), brandHtml, brandModule],
  resolve: {
    alias: [{ find: /^@\//, replacement: `${path.resolve(here, 'src')}/` }],
  },
  server: {
    proxy: {
      '/v1': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/v1': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
  build: {
    // The manifest lets scripts/bundle-size.mjs add up what each route downloads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['../../test-support/count-assertions.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Page tests drive real user events in jsdom; on the 2-core CI machine under load 5 s is too tight.
    testTimeout: 20_000,
  },
});
