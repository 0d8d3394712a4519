/**
 * Prepared documents kept in IndexedDB while they upload, so a reload resumes an upload from
 * its last byte instead of asking for the file again (the browser cannot keep a chosen File).
 * Every failure reads as "nothing kept": the upload then starts again when the file is chosen.
 */
const DB_NAME = 'puja-uploads';
const STORE = 'files';

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const db = await openDb();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    } finally {
      db.close();
    }
  });
}

export const blobStore = {
  put: (key: string, file: File) => run('readwrite', (store) => store.put(file, key)),
  get: async (key: string) => {
    const value = await run<unknown>('readonly', (store) => store.get(key));
    return value instanceof Blob ? (value as File) : null;
  },
  remove: (key: string) => run('readwrite', (store) => store.delete(key)),
  /** Every kept file goes (a session ended: nothing of a club stays on the device). */
  clear: () => run('readwrite', (store) => store.clear()),
};
