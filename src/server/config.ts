/** The service's settings, from the environment (API.md §5). */
import { join } from 'node:path';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be an integer from 0 to 65535 (got "${env.PORT}")`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: env.DATA_DIR ?? join(process.cwd(), '.data'),
  };
}
