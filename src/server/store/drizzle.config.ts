// drizzle-kit's configuration: `npx drizzle-kit generate --config src/server/store/drizzle.config.ts`
// writes a new migration after a change to schema.ts. The migrations are committed.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/store/schema.ts',
  out: './src/server/store/migrations',
});
