// drizzle-kit settings: generates the committed SQL migrations from src/db/schema.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
});
