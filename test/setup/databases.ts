/**
 * Makes the migrated empty database the tests' databases are copied from (test/support/database.ts)
 * before any test file starts, so that files starting together do not each make it.
 */
import { pgliteSnapshot } from '../support/database.ts';

export default async function setup() {
  await pgliteSnapshot();
}
