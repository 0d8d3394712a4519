import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@puja/api-client';
import { municipalDay } from '@puja/domain';
import { renderApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/render';

vi.mock('@puja/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  listHolidays: vi.fn(),
  addHoliday: vi.fn(),
  updateHoliday: vi.fn(),
  deleteHoliday: vi.fn(),
  importHolidays: vi.fn(),
}));

const year = Number(municipalDay(Date.now()).slice(0, 4));
const holidays = [
  { date: `${year}-01-26`, name: 'Republic Day', name_bn: 'প্রজাতন্ত্র দিবস' },
  { date: `${year}-10-20`, name: 'Durga Puja', name_bn: null },
];

beforeEach(() => {
  signIn('admin');
  vi.mocked(api.listHolidays).mockImplementation(async (asked) =>
    asked === year ? holidays.map((day) => ({ ...day })) : [],
  );
});
afterEach(() => vi.clearAllMocks());

describe('Holidays (issue 30)', () => {
  it("lists the year's holidays with their day of the week, and says when a year has none", async () => {
    renderApp('/admin/holidays');
    expect(await screen.findByRole('heading', { level: 1, name: 'Holidays' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Republic Day' })).closest('tr')!;
    expect(within(row).getByText(`26/01/${year}`)).toBeInTheDocument();
    expect(within(row).getByText('প্রজাতন্ত্র দিবস')).toHaveAttribute('lang', 'bn');
    await waitFor(() => expect(document.title).toMatch(/^Holidays/));

    await userEvent.click(screen.getByRole('textbox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: String(year + 1) }));
    expect(await screen.findByText('No holidays listed for this year.')).toBeInTheDocument();
    expect(api.listHolidays).toHaveBeenCalledWith(year + 1);
  });

  it('adds a holiday typed dd/mm/yyyy after naming every problem of an empty form', async () => {
    vi.mocked(api.addHoliday).mockResolvedValue({
      message: 'Holiday added.',
      messageKey: 'holidays.added',
    });
    renderApp('/admin/holidays');
    await screen.findByRole('cell', { name: 'Republic Day' });
    await userEvent.click(screen.getByRole('button', { name: 'Add holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add holiday' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const summary = await within(dialog).findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter the holiday’s date as dd/mm/yyyy.', 'Enter the holiday’s name.']);
    expect(api.addHoliday).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText(/^Date/), `১৪/১১/${year}`);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Name(?! in)/ }),
      'Kali Puja',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.addHoliday).toHaveBeenCalledWith({
        date: `${year}-11-14`,
        name: 'Kali Puja',
        name_bn: null,
      }),
    );
    expect(await screen.findByText('Holiday added.')).toBeInTheDocument();
  });

  it('edits only the names of a holiday, and deletes one after asking', async () => {
    vi.mocked(api.updateHoliday).mockResolvedValue({
      message: 'Holiday saved.',
      messageKey: 'holidays.updated',
    });
    vi.mocked(api.deleteHoliday).mockResolvedValue({
      message: 'Holiday deleted.',
      messageKey: 'holidays.deleted',
    });
    renderApp('/admin/holidays');
    await screen.findByRole('cell', { name: 'Durga Puja' });
    await userEvent.click(screen.getByRole('button', { name: `Edit 20/10/${year}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit holiday' });
    expect(within(dialog).getByLabelText(/^Date/)).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Name in Bengali'), 'দুর্গাপূজা');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateHoliday).toHaveBeenCalledWith({
        date: `${year}-10-20`,
        name: 'Durga Puja',
        name_bn: 'দুর্গাপূজা',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: `Delete 26/01/${year}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteHoliday).toHaveBeenCalledWith(`${year}-01-26`));
  });

  it('imports a pasted list only once every line reads, saying how many it adds', async () => {
    vi.mocked(api.importHolidays).mockResolvedValue({ added: 1, skipped: 1 });
    renderApp('/admin/holidays');
    await screen.findByRole('cell', { name: 'Republic Day' });
    await userEvent.click(screen.getByRole('button', { name: 'Import a list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a list' });
    const lines = within(dialog).getByRole('textbox', { name: /Holidays, one a line/ });
    await userEvent.type(lines, `26/01/${year} Republic Day{enter}31/02/${year} Nothing`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Some lines could not be read');
    expect(alert).toHaveTextContent('Line 2: write the date as dd/mm/yyyy');
    expect(api.importHolidays).not.toHaveBeenCalled();

    await userEvent.clear(lines);
    await userEvent.type(lines, `26/01/${year} Republic Day{enter}14/04/${year} Bengali New Year`);
    expect(within(dialog).getByText('1 holidays to add')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(api.importHolidays).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText('Holidays imported: 1 added, 1 already listed.'),
    ).toBeInTheDocument();
  });

  it('is not offered to the chairman', async () => {
    signIn('chairman');
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Seasons' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Holidays' })).not.toBeInTheDocument();
  });
});
