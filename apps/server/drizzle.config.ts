import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each table is declared beside its owner: the platform's in platform/db/schema/, a module's in
  // modules/<module>/<module>.schema.ts (docs/architecture.md, Database).
  schema: ['./apps/server/src/platform/db/schema/*.ts', './apps/server/src/modules/*/*.schema.ts'],
  out: './apps/server/migrations',
  migrations: { prefix: 'timestamp' },
});
