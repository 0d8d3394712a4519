import { describe, expect, it } from 'vitest';
import {
  clubPickerMessage,
  isActiveClub,
  searchActiveClubs,
  searchClubsByName,
} from './club-search';
import { formatMessage } from './messages';

const clubs = [
  { id: 1, clubname: 'Sree Sangha', status: 'A' },
  { id: 2, clubname: 'Nabin Sangha', status: 'I' },
  { id: 3, clubname: 'Youth Club', status: 'A' },
  { id: 4, clubname: 'Agrani Sangha', status: 'a' },
];
const ids = (list: readonly { id: number }[]) => list.map((c) => c.id);

describe('club picker (SPEC §5)', () => {
  it.each([
    ['', [1, 3, 4]],
    ['sangha', [1, 4]],
    ['SANGHA', [1, 4]],
    ['nabin', []],
    ['club', [3]],
    ['zzz', []],
  ])('"%s" offers the active clubs %j', (query, expected) => {
    expect(ids(searchActiveClubs(clubs, query))).toEqual(expected);
  });

  it.each([
    ['A', true],
    ['I', false],
    ['', false],
  ])('a club with status %j is active: %s', (status, active) => {
    expect(isActiveClub({ status })).toBe(active);
  });

  it('no match says "Club not found. Please contact the authority."', () => {
    const key = clubPickerMessage(searchActiveClubs(clubs, 'nabin'));
    expect(key && formatMessage(key)).toBe('Club not found. Please contact the authority.');
    expect(clubPickerMessage(searchActiveClubs(clubs, 'sree'))).toBeNull();
  });
});

describe('Manage Clubs search', () => {
  it('searches every club by name, active or not', () => {
    expect(ids(searchClubsByName(clubs, 'nabin'))).toEqual([2]);
    expect(ids(searchClubsByName(clubs, ''))).toEqual([1, 2, 3, 4]);
  });
});
