/**
 * Whose data the page holds: the service worker reads the page's persisted store (`map`, kept by
 * localforage in IndexedDB database `localforage`, object store `keyvaluepairs`) to learn the
 * signed-in wallet and the language, as docs/spec/design.md section 8 says. It never creates that database:
 * when it does not exist yet, the upgrade is aborted and nobody counts as signed in.
 */
import { readStoredRecord } from '../src/lib/stored-record.ts';
import type { Reader } from './read-key.ts';

const RECORD_KEY = 'map';

export async function currentReader(): Promise<Reader> {
  const record = await readStoredRecord(RECORD_KEY);
  const fields = (typeof record === 'object' && record !== null ? record : {}) as Record<string, unknown>;
  return {
    // A session needs both; an address without a token is a wallet that is connected only.
    wallet:
      typeof fields.address === 'string' && typeof fields.token === 'string' && fields.token
        ? fields.address
        : '',
    language: typeof fields.language === 'string' ? fields.language : '',
  };
}
