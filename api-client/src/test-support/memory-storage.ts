import type { SessionStorage } from '../web-storage';

/** An in-memory Web Storage, its items open to inspection. */
export function memoryStorage(initial: Record<string, string> = {}): SessionStorage & {
  items: Map<string, string>;
} {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
