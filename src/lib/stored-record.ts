/**
 * The record localforage keeps (IndexedDB database `localforage`, object store `keyvaluepairs`,
 * values stored as they are), read and written without localforage itself: the page reads its
 * store this way before the first render and writes it this way after, so the library (some 8 kB
 * gzipped, and a long task to evaluate during start-up, when the first configuration is stored)
 * only loads where there is no IndexedDB. The service worker reads whose data it holds the same
 * way (sw/wallet-record.ts).
 *
 * A read never creates the database: when it does not exist yet the upgrade is aborted and the
 * read is null. A write creates it as localforage does (both object stores, version 1), so either
 * can open it later.
 */
export const LOCALFORAGE_DB = 'localforage';
export const LOCALFORAGE_STORE = 'keyvaluepairs';
/** The second store localforage creates with the database (it tests blob support in it). */
const LOCALFORAGE_BLOB_STORE = 'local-forage-detect-blob-support';

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

/** Writes `value` under `key` as localforage would; resolves once the transaction has committed. */
export function writeStoredRecord(key: string, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(LOCALFORAGE_DB);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(LOCALFORAGE_STORE)) db.createObjectStore(LOCALFORAGE_STORE);
      if (!db.objectStoreNames.contains(LOCALFORAGE_BLOB_STORE)) db.createObjectStore(LOCALFORAGE_BLOB_STORE);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('the stored record is blocked by another tab'));
    request.onsuccess = () => {
      const db = request.result;
      try {
        const transaction = db.transaction(LOCALFORAGE_STORE, 'readwrite');
        transaction.objectStore(LOCALFORAGE_STORE).put(value, key);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      } catch (error) {
        reject(error);
      } finally {
        // Closes once the transaction is done; another tab's upgrade is never held up.
        db.close();
      }
    };
  });
}
