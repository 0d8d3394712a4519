// The grid's pager and row numbers in the chosen language's digits (one script of digits per
// screen): "১-২৫ মোট ৩০", the rows-per-page choices and the row numbers in Bengali; English as before.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { localeStore } from '@puja/api-client';
import { renderScreen } from '../test-support/render';
import { DataTable, type Column } from './data-table';

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = Array.from({ length: 30 }, (_, i) => ({
  id: String(i + 1),
  name: `Club ${i}`,
}));
const COLUMNS: Column<Row>[] = [{ accessorKey: 'name', header: 'Name' }];

function renderTable() {
  return renderScreen(
    <DataTable
      columns={COLUMNS}
      data={ROWS}
      loading={false}
      emptyText="None"
      getRowId={(row) => row.id}
      numbered
    />,
  );
}

/** The pager: the bottom toolbar's text, its buttons and choices. */
const pager = (container: HTMLElement) =>
  container.querySelector('.mrt-bottom-toolbar') as HTMLElement;

afterEach(() => act(() => localeStore.getState().chooseLocale('en')));

describe('the data grid’s pager and row numbers', () => {
  it('in বাংলা show Bengali digits only: the range, its total, the rows per page and row numbers', async () => {
    await act(() => localeStore.getState().chooseLocale('bn'));
    const { container } = renderTable();
    const bottom = pager(container);
    expect(bottom).toHaveTextContent('১-২৫ মোট ৩০');
    expect(within(bottom).getByRole('textbox', { name: 'প্রতি পাতায় সারি' })).toHaveValue('২৫');
    expect(bottom.textContent).not.toMatch(/[0-9]/);
    const cells = screen.getAllByRole('row').slice(1, 3);
    expect(cells.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '১',
      '২',
    ]);

    await userEvent.click(within(bottom).getByRole('button', { name: 'পরের পাতায় যান' }));
    expect(bottom).toHaveTextContent('২৬-৩০ মোট ৩০');
    expect(
      within(screen.getAllByRole('row')[1] as HTMLElement).getAllByRole('cell')[0],
    ).toHaveTextContent('২৬');

    await userEvent.click(within(bottom).getByRole('textbox', { name: 'প্রতি পাতায় সারি' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['১০', '২৫', '৫০']),
    );
    expect(options.every((option) => !/[0-9]/.test(option.textContent ?? ''))).toBe(true);
  });

  it('in English show Latin digits, as before', () => {
    const { container } = renderTable();
    const bottom = pager(container);
    expect(bottom).toHaveTextContent('1-25 of 30');
    expect(within(bottom).getByRole('textbox', { name: 'Rows per page' })).toHaveValue('25');
  });
});
