import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localeStore } from '@puja/api-client';
import { renderScreen } from '../test-support/render';
import { WardSelect } from './ward-select';

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('the ward filter', () => {
  it('offers All Wards and the 25 wards, and gives the chosen one', async () => {
    const onChange = vi.fn();
    renderScreen(<WardSelect value={null} onChange={onChange} />);
    const select = screen.getByRole('textbox', { name: 'Ward' });
    expect(select).toHaveValue('All Wards');
    await userEvent.click(select);
    const names = optionNames();
    expect(names).toHaveLength(26);
    expect(names.slice(0, 3)).toEqual(['All Wards', 'Ward No: 1', 'Ward No: 2']);
    await userEvent.click(screen.getByRole('option', { name: 'Ward No: 7' }));
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it('names its options in বাংলা after the language is switched', async () => {
    renderScreen(<WardSelect value={3} onChange={() => undefined} />);
    await act(() => localeStore.getState().chooseLocale('bn'));
    const select = screen.getByRole('textbox', { name: 'ওয়ার্ড' });
    expect(select).toHaveValue('ওয়ার্ড নং: ৩');
    await userEvent.click(select);
    const names = optionNames();
    expect(names[0]).toBe('সব ওয়ার্ড');
    expect(names[1]).toBe('ওয়ার্ড নং: ১');
    expect(names).not.toContain('All Wards');
    expect(names).not.toContain('Ward No: 1');
  });
});
