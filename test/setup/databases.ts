/**
 * Makes the migrated empty database the tests' databases are copied from (test/support/database.ts)
 * before any test file starts, so that files starting together do not each make it. `npm test`
 * makes it earlier, beside the type check (scripts/test-prepare.mjs runs this file with tsx); here
 * it is then found made. After the run, drops the run's PostgreSQL databases and removes its services' files.
 */
import { pathToFileURL } from 'node:url';
import { rm } from 'node:fs/promises';
import { dropRunDatabases, pgliteSnapshot, runFilesDir } from '../support/database.ts';

export default async function setup() {
  await pgliteSnapshot();
  // At the end: this run's PostgreSQL databases and files, the workers' plain services' among them.
  return async () => {
    if (process.env.DATABASE_URL) await dropRunDatabases(process.env.DATABASE_URL);
    await rm(runFilesDir(), { recursive: true, force: true });
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await setup();
