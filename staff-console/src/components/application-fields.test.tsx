import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localeStore } from '@puja/api-client';
import { AUTHORITIES, type ApplicationAuthorities } from '@puja/domain';
import { renderScreen } from '../test-support/render';
import { ContactPersons } from './application-fields';

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
