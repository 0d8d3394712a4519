import type { MessageKey } from './messages';
import { clubStatusFromCode, type ClubStatus } from './status';
import { matchesSearch } from './text-search';

/** A club of the list (SPEC §3), its status read as a code. */
export interface Club {
  id: number;
  clubname: string;
  status: ClubStatus;
  /**
   * Who registered the club's account, and when: shown to staff in Manage Clubs. Null when the
   * club is not registered; absent when the answer does not say (the public list, a PHP host).
   */
  registration?: ClubRegistration | null;
  /** Issue 27: whether the club has an account; absent when the answer does not say (a PHP host). */
  registered?: boolean;
}

/** A club's registration as staff see it. */
export interface ClubRegistration {
  email: string;
  phone: string;
  /** An instant (ISO 8601), or '' when the host does not say. */
  registered_at: string;
}

/** What the searches need of a club: its name, and a status as sent or as read. */
export interface ClubRow {
  clubname: string;
  status: ClubStatus | string;
}

/**
 * Whether a club is active; only active clubs are offered at registration (SPEC §3).
 * @example isActiveClub({ status: 'I' }) // false
 */
export function isActiveClub(club: { status: ClubStatus | string }): boolean {
  return clubStatusFromCode(club.status) === 'A';
}

/**
 * SPEC §5 club picker: case-insensitive substring match on the name over active clubs only;
 * an empty query lists every active club.
 * @example searchActiveClubs(clubs, 'sangha') // active clubs whose name contains 'Sangha'
 */
export function searchActiveClubs<T extends ClubRow>(clubs: readonly T[], query: string): T[] {
  return clubs.filter((club) => isActiveClub(club) && matchesSearch(query, club.clubname));
}

/**
 * SPEC §5: what the picker says when nothing matches; null while there are matches.
 * @example clubPickerMessage([]) // 'registration.clubNotFound'
 */
export function clubPickerMessage(matches: readonly unknown[]): MessageKey | null {
  return matches.length === 0 ? 'registration.clubNotFound' : null;
}

/**
 * SPEC §2 Manage Clubs: search by club name over every club, active or not.
 * @example searchClubsByName(clubs, 'nabin')
 */
export function searchClubsByName<T extends ClubRow>(clubs: readonly T[], query: string): T[] {
  return clubs.filter((club) => matchesSearch(query, club.clubname));
}

/** The registration club picker: what is typed and which club is chosen. */
export interface ClubPickerState<T extends ClubRow = Club> {
  query: string;
  selected: T | null;
}

/**
 * SPEC §5: editing the search text clears the chosen club.
 * @example typeInClubPicker({ query: 'Sree Sangha', selected: sree }, 'Sree') // { query: 'Sree', selected: null }
 */
export function typeInClubPicker<T extends ClubRow>(
  _state: ClubPickerState<T>,
  query: string,
): ClubPickerState<T> {
  return { query, selected: null };
}

/**
 * Choosing a club fills the search box with its name.
 * @example chooseClub(state, sree) // { query: 'Sree Sangha', selected: sree }
 */
export function chooseClub<T extends ClubRow>(
  _state: ClubPickerState<T>,
  club: T,
): ClubPickerState<T> {
  return { query: club.clubname, selected: club };
}
