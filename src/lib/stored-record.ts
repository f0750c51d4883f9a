/**
 * One read of the record localforage keeps (IndexedDB database `localforage`, object store
 * `keyvaluepairs`, values stored as they are), without localforage itself: the page reads its
 * store this way before the first render, so the library (some 8 kB gzipped) is not part of the
 * first page, and the service worker reads whose data it holds the same way (sw/wallet-record.ts).
 *
 * It never creates the database: when it does not exist yet the upgrade is aborted, so that
 * localforage later creates it as it always has. Null when there is no record or no IndexedDB.
 */
export const LOCALFORAGE_DB = 'localforage';
export const LOCALFORAGE_STORE = 'keyvaluepairs';

function openExisting(name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      // No IndexedDB (some private modes): localforage falls back to another driver.
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

export async function readStoredRecord(key: string): Promise<unknown> {
  if (typeof indexedDB === 'undefined') return null;
  const db = await openExisting(LOCALFORAGE_DB);
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains(LOCALFORAGE_STORE)) return null;
    return await new Promise<unknown>((resolve) => {
      const request = db.transaction(LOCALFORAGE_STORE, 'readonly').objectStore(LOCALFORAGE_STORE).get(key);
      request.onsuccess = () => resolve(request.result ?? null);
      request.onerror = () => resolve(null);
    });
  } finally {
    db.close();
  }
}
