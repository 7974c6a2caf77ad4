import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <change>` writes SQL into ./drizzle; the server applies it at start-up (both engines).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
