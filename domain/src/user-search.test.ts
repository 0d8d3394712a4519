import { describe, expect, it } from 'vitest';
import { searchUsers } from './user-search';

const users = [
  { id: 1, name: 'Rina Das', email: 'store@puja.test' },
  { id: 2, name: 'Amit Roy', email: 'chairman@puja.test' },
];

describe('Manage Users search (SPEC §2: by name or email)', () => {
  it.each([
    ['rina', [1]],
    ['CHAIRMAN@', [2]],
    ['puja.test', [1, 2]],
    ['', [1, 2]],
    ['nobody', []],
  ])('"%s" finds the users %j', (query, expected) => {
    expect(searchUsers(users, query).map((u) => u.id)).toEqual(expected);
  });
});
