import { describe, expect, it } from 'vitest';
import {
  MAX_DOCUMENT_PAGES,
  MAX_DOCUMENT_PAGES_BYTES,
  cameraPagesMessage,
  cameraPagesNote,
  cameraPagesOfNote,
  checkDocumentPages,
  historyReasonText,
  movePage,
  pageIdsValue,
  parsePageIds,
} from './document-pages';
import { formatMessage, loadCatalogue, localiseDigits } from './messages';

/** An upload id as the server hands them out, numbered. */
const id = (n: number) => n.toString(16).padStart(32, '0');

describe('parsePageIds', () => {
  it('reads one id as a document of one page, as before issue 31', () => {
    expect(parsePageIds(id(1))).toEqual({ ok: true, ids: [id(1)] });
  });

  it('keeps the order the club chose, spaces around ids ignored', () => {
    expect(parsePageIds(`${id(3)}, ${id(1)} ,${id(2)}`)).toEqual({
      ok: true,
      ids: [id(3), id(1), id(2)],
    });
  });

  it('reads back what pageIdsValue wrote', () => {
    const ids = [id(5), id(4), id(9)];
    expect(parsePageIds(pageIdsValue(ids))).toEqual({ ok: true, ids });
  });

  it(`takes ${MAX_DOCUMENT_PAGES} pages and refuses one more`, () => {
    const ten = Array.from({ length: MAX_DOCUMENT_PAGES }, (_, i) => id(i + 1));
    expect(parsePageIds(pageIdsValue(ten))).toEqual({ ok: true, ids: ten });
    expect(parsePageIds(pageIdsValue([...ten, id(99)]))).toEqual({
      ok: false,
      key: 'upload.pages.tooMany',
    });
  });

  it('refuses a page named twice, by the number of its second place', () => {
    expect(parsePageIds(pageIdsValue([id(1), id(2), id(1)]))).toEqual({
      ok: false,
      key: 'upload.pages.duplicate',
      page: 3,
    });
  });

  it.each([
    '',
    ',',
    `${id(1)},`,
    `${id(1)},,${id(2)}`,
    'not-an-id',
    'ABCDEF0123456789ABCDEF0123456789',
  ])('refuses %j as bad input', (value) => {
    expect(parsePageIds(value)).toEqual({
      ok: false,
      key: 'validation.invalidRequest',
    });
  });
});

describe('checkDocumentPages', () => {
  it('accepts photos within the size of one file', () => {
    expect(
      checkDocumentPages([
        { kind: 'jpeg', size: 150_000 },
        { kind: 'png', size: 300_000 },
        { kind: 'webp', size: 90_000 },
      ]),
    ).toBeNull();
  });

  it('names the first page that is not a photo', () => {
    expect(
      checkDocumentPages([
        { kind: 'jpeg', size: 1 },
        { kind: 'pdf', size: 1 },
        { kind: null, size: 1 },
      ]),
    ).toEqual({ ok: false, key: 'upload.pages.notImage', page: 2 });
  });

  it('refuses pages larger together than the limit, which the texts name in MB', () => {
    const half = MAX_DOCUMENT_PAGES_BYTES / 2;
    const pages = [
      { kind: 'jpeg' as const, size: half },
      { kind: 'jpeg' as const, size: half },
    ];
    expect(checkDocumentPages(pages)).toBeNull();
    expect(checkDocumentPages([...pages, { kind: 'jpeg', size: 1 }])).toEqual({
      ok: false,
      key: 'upload.pages.tooLarge',
    });
  });
});

describe('movePage', () => {
  it('moves a page up or down by one place', () => {
    expect(movePage(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movePage(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the first page up and the last page down where they are, and never the input', () => {
    const pages = ['a', 'b'];
    expect(movePage(pages, 0, -1)).toEqual(['a', 'b']);
    expect(movePage(pages, 1, 1)).toEqual(['a', 'b']);
    expect(movePage(pages, 5, -1)).toEqual(['a', 'b']);
    expect(movePage(pages, 1, -1)).not.toBe(pages);
    expect(pages).toEqual(['a', 'b']);
  });
});

describe('the history of a document of photos', () => {
  const shown = (count: number, locale: 'en' | 'bn') => {
    const { key, params } = cameraPagesMessage(count);
    return formatMessage(key, params, locale);
  };

  it('says how many pages came from the camera, in English and Bengali with its digits', async () => {
    await loadCatalogue('bn');
    expect(shown(3, 'en')).toBe('3 pages from the camera');
    expect(shown(1, 'en')).toBe('1 page from the camera');
    expect(shown(3, 'bn')).toBe('ক্যামেরা থেকে ৩টি পৃষ্ঠা');
    expect(shown(10, 'bn')).toBe('ক্যামেরা থেকে ১০টি পৃষ্ঠা');
  });

  it('stores an English note the history reads back as its count', () => {
    expect(cameraPagesNote(3)).toBe('3 pages from the camera');
    expect(cameraPagesNote(1)).toBe('1 page from the camera');
    for (const count of [1, 2, 10]) expect(cameraPagesOfNote(cameraPagesNote(count))).toBe(count);
    expect(cameraPagesOfNote('land document carried over from application 3')).toBeNull();
  });

  it('words the refusals in both languages with the limits the rules hold', async () => {
    await loadCatalogue('bn');
    const limit = String(MAX_DOCUMENT_PAGES);
    expect(formatMessage('upload.pages.tooMany', {}, 'en')).toContain(`at most ${limit} pages`);
    expect(formatMessage('upload.pages.tooMany', {}, 'bn')).toContain(
      `${localiseDigits(limit, 'bn')}টি`,
    );
    const mb = String(MAX_DOCUMENT_PAGES_BYTES / (1024 * 1024));
    expect(formatMessage('upload.pages.tooLarge', {}, 'en')).toContain(`${mb} MB`);
    expect(formatMessage('upload.pages.tooLarge', {}, 'bn')).toContain(
      `${localiseDigits(mb, 'bn')} এমবি`,
    );
  });
});

describe('historyReasonText', () => {
  it('shows the notes of pages from the camera in the language, documents by their names', async () => {
    await loadCatalogue('bn');
    expect(historyReasonText('3 pages from the camera', 'bn')).toBe('ক্যামেরা থেকে ৩টি পৃষ্ঠা');
    const applied =
      'land document carried over from application 3 (2025): deed.pdf; ' +
      'puja_budget: 3 pages from the camera; certificate_image: 1 page from the camera';
    expect(historyReasonText(applied, 'en')).toBe(
      'land document carried over from application 3 (2025): deed.pdf; ' +
        'Puja Budget: 3 pages from the camera; Previous Year S.D.O Permission: 1 page from the camera',
    );
    expect(historyReasonText('puja_budget: 10 pages from the camera', 'bn')).toBe(
      'পূজার বাজেট: ক্যামেরা থেকে ১০টি পৃষ্ঠা',
    );
  });

  it('leaves every other reason as written', () => {
    for (const reason of ['', 'Stamp missing; page 2 blurred', 'Note: 3 pages from the camera?']) {
      expect(historyReasonText(reason, 'bn')).toBe(reason);
    }
  });
});
