/**
 * Whose data the page holds: the service worker reads the page's persisted store (`map`, kept by
 * localforage in IndexedDB database `localforage`, object store `keyvaluepairs`) to learn the
 * signed-in wallet and the language, as DESIGN.md section 8 says. It never creates that database:
 * when it does not exist yet, the upgrade is aborted and nobody counts as signed in.
 */
import type { Reader } from './read-key.ts';

const DB_NAME = 'localforage';
const STORE_NAME = 'keyvaluepairs';
const RECORD_KEY = 'map';

function openExisting(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

export async function currentReader(): Promise<Reader> {
  const db = await openExisting();
  if (!db) return { wallet: '', language: '' };
  try {
    if (!db.objectStoreNames.contains(STORE_NAME)) return { wallet: '', language: '' };
    const record = await new Promise<unknown>((resolve) => {
      const request = db.transaction(STORE_NAME, 'readonly').objectStore(STORE_NAME).get(RECORD_KEY);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    });
    const fields = (typeof record === 'object' && record !== null ? record : {}) as Record<string, unknown>;
    return {
      // A session needs both; an address without a token is a wallet that is connected only.
      wallet:
        typeof fields.address === 'string' && typeof fields.token === 'string' && fields.token
          ? fields.address
          : '',
      language: typeof fields.language === 'string' ? fields.language : '',
    };
  } finally {
    db.close();
  }
}
