import {
  chooseClub,
  clubPickerMessage,
  searchActiveClubs,
  typeInClubPicker,
  type Club,
  type ClubPickerState,
} from '@puja/domain';
import { useEffect, useRef, useState } from 'react';
import { t } from '@puja/web-kit';
import { ContactLink } from '../../components/contact-link';
import { at } from '../../lib/account-text';
import styles from './club-picker.module.css';

/** SPEC §9: the list closes 200 ms after the field loses focus (a tap on an option lands first). */
export const PICKER_CLOSE_DELAY_MS = 200;

interface ClubPickerProps {
  clubs: readonly Club[];
  state: ClubPickerState;
  onChange: (state: ClubPickerState) => void;
  /** The ids and classes the field ties the input to its label, hint and error with. */
  control: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': boolean | undefined;
    className: string;
  };
}

/**
 * The searchable club picker (SPEC §2, §5): an ARIA combobox over active clubs; typing filters
 * and clears the chosen club; arrows, Enter and Escape work; "Club not found..." when nothing
 * matches; a club that already has an account is marked (issue 27).
 */
export function ClubPicker({ clubs, state, onChange, control }: ClubPickerProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const matches = searchActiveClubs(clubs, state.query);
  const notFound = clubPickerMessage(matches);
  const listId = `${control.id}-list`;

  function pick(club: Club) {
    onChange(chooseClub(state, club));
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.max(0, Math.min(matches.length - 1, index + step)));
    } else if (event.key === 'Enter' && open && matches[active]) {
      event.preventDefault();
      pick(matches[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  const showList = open && matches.length > 0;
  return (
    <div className={styles.wrap}>
      <input
        {...control}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={t('registration.field.clubSearchPlaceholder')}
        value={state.query}
        onChange={(event) => {
          onChange(typeInClubPicker(state, event.target.value));
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), PICKER_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" className={styles.list} hidden={!showList}>
        {showList
          ? matches.map((club, index) => (
              <li
                key={club.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active || state.selected?.id === club.id}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(club)}
              >
                {club.clubname}
                {club.registered ? (
                  // Issue 27: taken by last year's secretary, say so before anything is typed.
                  <span className={styles.taken}>{at('account.registeredMark')}</span>
                ) : null}
              </li>
            ))
          : null}
      </ul>
      {open && notFound ? (
        <div className={styles.none} role="status">
          {t(notFound)}
          <ContactLink />
        </div>
      ) : null}
    </div>
  );
}
