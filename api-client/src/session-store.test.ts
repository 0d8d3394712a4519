import { describe, expect, it } from 'vitest';
import { createSessionStore, SESSION_STORAGE_KEY } from './session-store';
import { memoryStorage } from './test-support/memory-storage';
import type { SessionStorage } from './web-storage';
import { clubSession } from './test-support/samples';

const club = clubSession;

describe('session store', () => {
  it('restores a stored session from the key "user"', () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(club) });
    expect(createSessionStore(storage).getState().session).toEqual(club);
  });

  it('restores a session stored by the PHP-era frontend (ids as strings)', () => {
    const storage = memoryStorage({
      user: JSON.stringify({ ...club, id: '9', club_id: '3' }),
    });
    expect(createSessionStore(storage).getState().session).toEqual(club);
  });

  it.each([
    ['text that is not JSON', '{"role": "club"'],
    ['JSON of the wrong shape', JSON.stringify({ role: 'club', token: 't' })],
    ['an unknown role', JSON.stringify({ ...club, role: 'root' })],
    ['a JSON string', JSON.stringify('user')],
  ])('removes a corrupt stored value: %s', (_label, stored) => {
    const storage = memoryStorage({ user: stored });
    expect(createSessionStore(storage).getState().session).toBeNull();
    expect(storage.items.has('user')).toBe(false);
  });

  it('keeps a new session under "user" and removes it on clear', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.getState().setSession(club);
    expect(JSON.parse(storage.items.get('user') ?? 'null')).toEqual(club);
    store.getState().clearSession();
    expect(store.getState().session).toBeNull();
    expect(storage.items.has('user')).toBe(false);
  });

  it('works in memory without storage (Node)', () => {
    const store = createSessionStore(null);
    expect(store.getState().session).toBeNull();
    store.getState().setSession(club);
    expect(store.getState().session).toEqual(club);
  });

  it('survives a storage that throws (private mode, full quota)', () => {
    const broken: SessionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = createSessionStore(broken);
    store.getState().setSession(club);
    expect(store.getState().session).toEqual(club);
    store.getState().clearSession();
    expect(store.getState().session).toBeNull();
  });
});
