import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localeStore } from '@puja/api-client';
import { AUTHORITIES, type ApplicationAuthorities } from '@puja/domain';
import { application } from '../test-support/applications';
import { renderScreen } from '../test-support/render';
import { ClubDetails, ContactPersons } from './application-fields';

/** The four authorities, each named, with a phone of its own. */
const authorities = Object.fromEntries(
  AUTHORITIES.flatMap(({ field }, i) => [
    [`${field}_name`, `Person ${i + 1}`],
    [`${field}_phone`, `98300000${i + 1}0`],
  ]),
) as unknown as ApplicationAuthorities;

describe('the contact persons', () => {
  it('write each phone in the chosen language’s digits', async () => {
    renderScreen(<ContactPersons app={authorities} />);
    expect(screen.getByText('Person 1 (9830000010)')).toBeInTheDocument();
    await act(() => localeStore.getState().chooseLocale('bn'));
    expect(screen.getByText('Person 1 (৯৮৩০০০০০১০)')).toBeInTheDocument();
    expect(screen.queryByText(/\(9830/)).toBeNull();
  });
});

describe('the club details', () => {
  it('write the phone, the ward and the registration number in the chosen language’s digits', async () => {
    const app = application(17, 'Sree Sangha', '11110', {
      phone: '9830012345',
      govt_register_no: 'S/12345',
      email: 'club7@example.org',
    });
    await act(() => localeStore.getState().chooseLocale('en'));
    renderScreen(<ClubDetails app={app} />);
    const card = screen.getByRole('region', { name: 'Club Details' });
    for (const text of ['9830012345', '17', 'S/12345', 'club7@example.org']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    await act(() => localeStore.getState().chooseLocale('bn'));
    const bn = screen.getByRole('region', { name: 'ক্লাবের বিবরণ' });
    for (const text of ['৯৮৩০০১২৩৪৫', '১৭', 'S/১২৩৪৫', 'ওয়ার্ড নং: ১']) {
      expect(within(bn).getByText(text, { exact: false })).toBeInTheDocument();
    }
    // An e-mail address is an address, not a number: as typed.
    expect(within(bn).getByText('club7@example.org')).toBeInTheDocument();
    expect(bn.textContent).not.toMatch(/9830|\b17\b/);
    await act(() => localeStore.getState().chooseLocale('en'));
  });
});
