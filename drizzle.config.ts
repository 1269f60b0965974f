import { defineConfig } from 'drizzle-kit';

// Used only to draft SQL from the schema (`npm run db:generate`); review the draft, then save it as the
// next numbered file in src/server/db/migrations. The app applies migrations with its own runner (migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './.tmp/drizzle',
});
