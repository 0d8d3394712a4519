import type * as ApiClient from '@puja/api-client';
import { applyForNoc, getMyApplication } from '@puja/api-client';
import { localeStore } from '@puja/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLUB_SESSION, pdfFile, renderApp } from '../../test-support/render-app';
import { finishAll, idOf, photoFile, started } from '../../test-support/fake-tus';
import { useApplyDraftStore } from './apply-draft-store';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  resumableUploadsSupported: vi.fn(async () => true),
  getMyApplication: vi.fn(),
  applyForNoc: vi.fn(),
}));
vi.mock('tus-js-client', async () => (await import('../../test-support/fake-tus')).fakeTus);

beforeEach(() => {
  vi.clearAllMocks();
  started.length = 0;
  vi.mocked(getMyApplication).mockResolvedValue(null);
  useApplyDraftStore.setState({ clubId: null, fields: null });
});

type User = Awaited<ReturnType<typeof renderApp>>['user'];

async function fillText(user: User) {
  await user.selectOptions(screen.getByLabelText('Puja Location Ward No.'), '9');
  await user.type(screen.getByLabelText('Puja Location Address'), 'Maidan');
  for (const who of [
    'Club President',
    'Club Secretary',
    'Puja Committee President',
    'Puja Committee Secretary',
  ]) {
    await user.type(screen.getByLabelText(`${who} Name`), 'Amit');
    await user.type(screen.getByLabelText(`${who} Phone`), '9830000001');
  }
}

/** A document's field: its picker, its pages and their buttons. */
const fieldOf = (label: string) =>
  screen.getByLabelText(label).closest<HTMLElement>('[data-upload-state]')!;
const pagesOfBudget = () => within(fieldOf('Puja Budget')).getByRole('list');
const pageNames = () =>
  within(pagesOfBudget())
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('img').getAttribute('alt') ?? '');

describe('a document photographed page by page', () => {
  it('adds pages, moves and removes them with named buttons, and submits their ids in order', async () => {
    vi.mocked(applyForNoc).mockResolvedValue({
      message: 'Application submitted! Please proceed to the next step.',
      messageKey: undefined,
      application: null,
    });
    // Thumbnails need object URLs, which the test DOM lacks.
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:${(blob as File).name}`);
    URL.revokeObjectURL = vi.fn();
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await screen.findByLabelText('Puja Location Address');
    const budget = within(fieldOf('Puja Budget'));
    const add = await budget.findByLabelText('Add a page');
    expect(add).toHaveAttribute('accept', 'image/*');
    expect(add).toHaveAttribute('capture', 'environment');
    expect(add).toHaveAccessibleDescription(/^Pages of Puja Budget A document of several sheets/);
    expect(budget.getByLabelText('Add pages from the gallery')).toHaveAttribute('multiple');
    for (const name of ['p1.jpg', 'p2.jpg', 'p3.jpg']) {
      await user.upload(add, photoFile(name, 2048));
    }
    expect(pagesOfBudget()).toHaveAccessibleDescription('Pages of Puja Budget');
    await waitFor(() => expect(started).toHaveLength(3));
    // Each thumbnail shows once its photo is read back from storage: not at once under load.
    await waitFor(() => expect(pageNames()).toEqual(['Page 1', 'Page 2', 'Page 3']));
    const [id1, id2, id3] = started.map(idOf);
    finishAll();
    expect(await screen.findAllByText('3 pages, 6 KB')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Move page 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move page 3 down' })).toBeDisabled();

    // Page 3 up: it is now page 2, said aloud, and the focus stays with it.
    await user.click(screen.getByRole('button', { name: 'Move page 3 up' }));
    expect(screen.getByText('Page 3 is now page 2.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move page 2 up' })).toHaveFocus(),
    );
    // And by keyboard: Enter on the focused button moves it up again, to the top.
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move page 1 down' })).toHaveFocus(),
    );
    await waitFor(() =>
      expect(
        within(pagesOfBudget())
          .getAllByRole('img')
          .map((img) => img.getAttribute('src')),
      ).toEqual(['blob:p3.jpg', 'blob:p1.jpg', 'blob:p2.jpg']),
    );

    // The middle page (the first photo) is removed: said aloud, the focus goes to the next page.
    await user.click(screen.getByRole('button', { name: 'Remove page 2' }));
    expect(screen.getByText('Page 2 removed.')).toBeInTheDocument();
    await waitFor(() => expect(pageNames()).toEqual(['Page 1', 'Page 2']));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove page 2' })).toHaveFocus(),
    );

    await fillText(user);
    for (const label of [
      'Holding / Khatian / Land Deed',
      'Chairman Application',
      'Previous Year S.D.O Permission',
      'Puja Committee List',
    ]) {
      await user.upload(screen.getByLabelText(label), pdfFile(`${label}.pdf`));
    }
    await waitFor(() => expect(started).toHaveLength(7));
    finishAll();
    await user.click(screen.getByRole('button', { name: 'Submit and Next' }));
    await waitFor(() => expect(applyForNoc).toHaveBeenCalled());
    expect(vi.mocked(applyForNoc).mock.calls[0]![0].files.puja_budget).toEqual({
      upload: `${id3},${id2}`,
    });
    expect(id1).not.toBe(id3);
    // The whole form typed as a club would: slow on a loaded machine.
  }, 60_000);

  it('says the page count, sizes and page numbers in Bengali digits', async () => {
    await localeStore.getState().chooseLocale('bn');
    const { user } = await renderApp('/club/apply-noc', CLUB_SESSION);
    await screen.findByLabelText('পূজার বাজেট');
    const add = await within(fieldOf('পূজার বাজেট')).findByLabelText('একটি পাতা যোগ করুন');
    await user.upload(add, photoFile('p1.jpg', 2048));
    await user.upload(add, photoFile('p2.jpg', 3072));
    await waitFor(() => expect(started).toHaveLength(2));
    finishAll();
    expect(await screen.findAllByText('২টি পাতা, ৫ কেবি')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'পাতা ২ উপরে সরান' })).toBeEnabled();
    expect(document.body.textContent).not.toMatch(/[0-9]/);
  });
});
