// A fresh database for one benchmark run, on a PostgreSQL server where databases can be created.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT_DIR } from './env.mjs';

/** Runs `fn` with the URL of a new database `<prefix>_<pid>` on the server of `url`, dropped afterwards. */
export async function withDatabase(url, prefix, fn) {
  const pg = createRequire(path.join(ROOT_DIR, 'package.json'))('pg');
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return await fn(u.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}
