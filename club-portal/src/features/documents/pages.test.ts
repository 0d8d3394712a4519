import type * as ApiClient from '@puja/api-client';
import { resumableUploadsSupported } from '@puja/api-client';
import { MAX_DOCUMENT_PAGES } from '@puja/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pdfFile } from '../../test-support/render-app';
import { finishAll, idOf, photoFile, started } from '../../test-support/fake-tus';
import {
  addPages,
  chooseFile,
  documentOf,
  movePage,
  pagesOf,
  removePage,
  slotOf,
  useUploadSlots,
} from './upload-slots';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  resumableUploadsSupported: vi.fn(async () => true),
}));
vi.mock('tus-js-client', async () => (await import('../../test-support/fake-tus')).fakeTus);

// The device's keeping of files (IndexedDB, which the test DOM lacks), kept across a reload.
const kept = vi.hoisted(() => new Map<string, File>());
vi.mock('./blob-store', () => ({
  blobStore: {
    put: async (key: string, file: File) => void kept.set(key, file),
    get: async (key: string) => kept.get(key) ?? null,
    remove: async (key: string) => void kept.delete(key),
    clear: async () => kept.clear(),
  },
}));

// Photos are taken as they are (the test DOM has no canvas to shrink them with).
vi.mock('./compress-photo', () => ({ compressPhoto: async (file: File) => file }));

const photos = (count: number) =>
  Array.from({ length: count }, (_, i) => photoFile(`page-${i + 1}.jpg`, 1000 + i));

beforeEach(() => {
  started.length = 0;
  kept.clear();
  vi.mocked(resumableUploadsSupported).mockResolvedValue(true);
});

describe('a document of pages', () => {
  it('uploads each photo as its own page at once, and is done with the ids in page order', async () => {
    expect(await addPages('budget', photos(3))).toBeNull();
    expect(started.map((upload) => upload.file.name)).toEqual([
      'page-1.jpg',
      'page-2.jpg',
      'page-3.jpg',
    ]);
    expect(documentOf('budget')).toMatchObject({ phase: 'uploading', size: 3003 });
    started[0]?.options.onSuccess?.();
    expect(documentOf('budget').phase).toBe('uploading');
    finishAll();
    expect(documentOf('budget')).toMatchObject({
      phase: 'done',
      size: 3003,
      uploadId: started.map(idOf).join(','),
    });
    // Each page's photo stays on the device for its thumbnail until the document is sent.
    expect(kept.size).toBe(3);
  });

  it('sends the pages in the order the club set: moved up or down, one removed', async () => {
    await addPages('committee', photos(3));
    finishAll();
    const [first, second, third] = pagesOf('committee') as [string, string, string];
    const [id1, id2, id3] = started.map(idOf);
    movePage('committee', third, -1);
    expect(pagesOf('committee')).toEqual([first, third, second]);
    movePage('committee', first, -1); // already first: stays
    movePage('committee', second, 1); // already last: stays
    expect(documentOf('committee')).toMatchObject({ uploadId: `${id1},${id3},${id2}` });
    await removePage('committee', first);
    expect(pagesOf('committee')).toEqual([third, second]);
    expect(slotOf(first).phase).toBe('empty');
    expect(documentOf('committee')).toMatchObject({ phase: 'done', uploadId: `${id3},${id2}` });
  });

  it('removing a page still uploading stops its upload', async () => {
    await addPages('deed', photos(2));
    const [page] = pagesOf('deed') as [string];
    await removePage('deed', page);
    expect(started[0]?.aborted).toBe(true);
    expect(pagesOf('deed')).toHaveLength(1);
  });

  it(`takes at most ${MAX_DOCUMENT_PAGES} pages and says so`, async () => {
    expect(await addPages('sdo', photos(7))).toBeNull();
    expect(await addPages('sdo', photos(5))).toBe('upload.pages.full');
    expect(pagesOf('sdo')).toHaveLength(MAX_DOCUMENT_PAGES);
    expect(started).toHaveLength(MAX_DOCUMENT_PAGES);
    expect(await addPages('sdo', photos(1))).toBe('upload.pages.full');
    expect(started).toHaveLength(MAX_DOCUMENT_PAGES);
  });

  it('refuses a PDF as a page before a byte is sent; the document names the reason', async () => {
    await addPages('land', [photoFile('one.jpg'), pdfFile('scan.pdf')]);
    expect(started).toHaveLength(1);
    expect(documentOf('land')).toMatchObject({
      phase: 'refused',
      name: 'scan.pdf',
      reason: 'upload.pages.notPhoto',
    });
    await removePage('land', pagesOf('land')[1]!);
    finishAll();
    expect(documentOf('land').phase).toBe('done');
  });

  it('pages replace a file chosen before, and a file chosen after replaces the pages', async () => {
    void chooseFile('chairman', pdfFile('letter.pdf'));
    await vi.waitFor(() => expect(started).toHaveLength(1));
    await addPages('chairman', photos(2));
    expect(started[0]?.aborted).toBe(true);
    expect(slotOf('chairman').phase).toBe('empty');
    await chooseFile('chairman', pdfFile('letter.pdf'));
    expect(pagesOf('chairman')).toEqual([]);
    expect(started[1]?.aborted && started[2]?.aborted).toBe(true);
    expect(documentOf('chairman')).toMatchObject({ phase: 'uploading', name: 'letter.pdf' });
  });

  it('is refused once its pages weigh more than one file may (3 MB), and fine again without one', async () => {
    await addPages(
      'big',
      Array.from({ length: 8 }, (_, i) => photoFile(`big-${i}.jpg`, 400_000)),
    );
    finishAll();
    expect(documentOf('big')).toMatchObject({ phase: 'refused', reason: 'upload.pages.tooLarge' });
    await removePage('big', pagesOf('big')[0]!);
    expect(documentOf('big')).toMatchObject({ phase: 'done', size: 7 * 400_000 });
  });

  it('is not offered by a host that takes one file per document', async () => {
    vi.mocked(resumableUploadsSupported).mockResolvedValue(false);
    expect(await addPages('ack', photos(1))).toBe('upload.pages.unsupported');
    expect(pagesOf('ack')).toEqual([]);
  });
});

describe('a reload', () => {
  it('keeps the pages in their order: uploaded ones stay, one on its way resumes', async () => {
    await addPages('apply:budget', photos(3));
    started[0]?.options.onSuccess?.();
    started[2]?.options.onSuccess?.();
    started[1]?.options.onProgress?.(400, 1001);
    const [a, b, c] = pagesOf('apply:budget') as [string, string, string];
    movePage('apply:budget', c, -1);
    movePage('apply:budget', c, -1);
    const before = started.length;

    // The page loads anew: nothing in memory, only what the device kept.
    vi.resetModules();
    const slots = await import('./upload-slots');
    expect(slots.useUploadSlots).not.toBe(useUploadSlots);
    await slots.useUploadSlots.persist.rehydrate();
    expect(slots.pagesOf('apply:budget')).toEqual([c, a, b]);
    await slots.resumeSlots(['apply:budget']);
    expect(started).toHaveLength(before + 1);
    expect(started.at(-1)?.options.uploadUrl).toBe(started[1]?.url);
    started.at(-1)?.options.onSuccess?.();
    expect(slots.documentOf('apply:budget')).toMatchObject({
      phase: 'done',
      uploadId: [started[2], started[0], started[1]].map(idOf).join(','),
    });
  });

  it('drops a page whose photo the device did not keep, and keeps the others', async () => {
    await addPages('apply:list', photos(2));
    started[0]?.options.onSuccess?.();
    const [first, second] = pagesOf('apply:list') as [string, string];
    kept.delete(second);
    vi.resetModules();
    const slots = await import('./upload-slots');
    await slots.useUploadSlots.persist.rehydrate();
    await slots.resumeSlots(['apply:list']);
    expect(slots.pagesOf('apply:list')).toEqual([first]);
    expect(slots.documentOf('apply:list')).toMatchObject({ phase: 'done' });
  });
});
