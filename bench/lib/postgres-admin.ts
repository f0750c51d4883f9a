/**
 * One statement on the PostgreSQL server's maintenance database (create or drop a benchmark's
 * database): its own short-lived connection, closed whatever happens.
 */
import pg from 'pg';

export async function adminQuery(adminUrl: string, text: string, connectTimeoutMs = 5_000): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: connectTimeoutMs });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end().catch(() => {});
  }
}
