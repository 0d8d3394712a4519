import { describe, expect, it } from 'vitest';
import {
  chooseClub,
  clubPickerMessage,
  isActiveClub,
  searchActiveClubs,
  searchClubsByName,
  typeInClubPicker,
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

describe('club picker state (SPEC §5)', () => {
  const sree = { id: 1, clubname: 'Sree Sangha', status: 'A' };
  it('choosing a club fills the search text with its name', () => {
    expect(chooseClub({ query: 'sre', selected: null }, sree)).toEqual({
      query: 'Sree Sangha',
      selected: sree,
    });
  });
  it('editing the search text clears the chosen club', () => {
    expect(typeInClubPicker({ query: 'Sree Sangha', selected: sree }, 'Sree Sangh')).toEqual({
      query: 'Sree Sangh',
      selected: null,
    });
  });
});
