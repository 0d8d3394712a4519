/** The device's localStorage as the stores use it: absent or refusing is not an error. */

/** The part of the Web Storage API the stores use. */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage can throw (quota, private mode, a denied sandbox); the value then lives in memory. */
export function attempt<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

/** The browser's localStorage, or null (Node, a denied sandbox). */
export function browserStorage(): SessionStorage | null {
  return attempt(() => globalThis.localStorage) ?? null;
}
