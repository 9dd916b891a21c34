/**
 * Makes the migrated empty database the tests' databases are copied from (test/support/database.ts)
 * before any test file starts, so that files starting together do not each make it. `npm test`
 * makes it earlier, beside the type check (scripts/test-prepare.mjs runs this file with tsx); here
 * it is then found made. After the run, drops the run's PostgreSQL databases.
 */
import { pathToFileURL } from 'node:url';
import { dropRunDatabases, pgliteSnapshot } from '../support/database.ts';

export default async function setup() {
  await pgliteSnapshot();
  // At the end: this run's PostgreSQL databases, the workers' plain services' among them.
  return async () => {
    if (process.env.DATABASE_URL) await dropRunDatabases(process.env.DATABASE_URL);
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await setup();
