import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test-support/render';
import { SearchBox } from './search-box';

/** A search box over a value held elsewhere (as the URL holds it), with a way to clear it. */
function Harness({ onChange }: { onChange: (q: string) => void }) {
  const [value, setValue] = useState('sree');
  return (
    <>
      <SearchBox
        label="Search by club name"
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
        width={200}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear All
      </button>
    </>
  );
}

describe('the search box', () => {
  it('shows each keystroke at once and hands every change on', async () => {
    const onChange = vi.fn();
    renderScreen(<Harness onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'Search by club name' });
    expect(box).toHaveValue('sree');
    await userEvent.type(box, ' s');
    expect(box).toHaveValue('sree s');
    expect(onChange.mock.calls.map(([q]) => q)).toEqual(['sree ', 'sree s']);
  });

  it('shows what the value says when it changes from outside', async () => {
    renderScreen(<Harness onChange={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByRole('textbox', { name: 'Search by club name' })).toHaveValue('');
  });
});
