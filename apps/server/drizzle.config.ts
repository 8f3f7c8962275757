import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the *.schema.ts files of every module, reviewed and committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/**/*.schema.ts', './src/modules/**/*.schema.ts'],
  out: './src/db/migrations',
  casing: 'snake_case',
});
