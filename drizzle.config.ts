import { defineConfig } from 'drizzle-kit';

// The tables no single domain owns, and each domain's own (docs/architecture.md#server-modules):
// a domain declares its tables in `<domain>/<domain>-tables.ts` beside the rest of it.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/*/*-tables.ts'],
  out: './drizzle',
});
