import type * as ApiClient from '@puja/api-client';
import { configureApi, resumableUploadsSupported } from '@puja/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { idOf, started, type FakeUpload } from '../../test-support/fake-tus';
import { pdfFile } from '../../test-support/render-app';
import { chooseFile, fileOf, retrySlot, settled, slotOf } from './upload-slots';

vi.mock('@puja/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  resumableUploadsSupported: vi.fn(async () => true),
}));

vi.mock('tus-js-client', async () => (await import('../../test-support/fake-tus')).fakeTus);

const refusal = (status: number, code: string) => ({
  originalResponse: {
    getStatus: () => status,
    getBody: () => JSON.stringify({ success: false, code }),
  },
});

const last = () => started.at(-1) as FakeUpload;
const until = async (check: () => boolean) => {
  await vi.waitFor(() => expect(check()).toBe(true));
};

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  started.length = 0;
  vi.mocked(resumableUploadsSupported).mockResolvedValue(true);
});

describe('a document slot', () => {
  it('uploads when chosen: uploading with bytes, then done with the upload id', async () => {
    void chooseFile('a', pdfFile('deed.pdf', 4000));
    await until(() => started.length === 1);
    last().options.onProgress?.(1000, 4000);
    expect(slotOf('a')).toMatchObject({ phase: 'uploading', sent: 1000, size: 4000 });
    last().options.onSuccess?.();
    expect(slotOf('a')).toEqual({
      phase: 'done',
      name: 'deed.pdf',
      size: 4000,
      url: started[0]?.url,
      uploadId: idOf(started[0]),
    });
  });

  it('is refused with the server’s reason, and names nothing sent for a wrong kind', async () => {
    void chooseFile('b', pdfFile('budget.pdf'));
    await until(() => started.length === 1);
    last().options.onError?.(refusal(415, 'validation.fileType'));
    expect(slotOf('b')).toEqual({
      phase: 'refused',
      name: 'budget.pdf',
      reason: 'validation.fileType',
    });
    await chooseFile('c', new File(['MZ not a pdf'], 'virus.pdf', { type: 'application/pdf' }));
    expect(slotOf('c')).toMatchObject({ phase: 'refused', reason: 'validation.fileType' });
    expect(started).toHaveLength(1);
  });

  it('pauses while offline and resumes from its upload URL when back online', async () => {
    void chooseFile('d', pdfFile('list.pdf', 4000));
    await until(() => started.length === 1);
    last().options.onProgress?.(1500, 4000);
    window.dispatchEvent(new Event('offline'));
    expect(slotOf('d')).toMatchObject({ phase: 'paused', sent: 1500 });
    expect(started[0]?.aborted).toBe(true);
    window.dispatchEvent(new Event('online'));
    await until(() => started.length === 2);
    expect(last().options.uploadUrl).toBe(started[0]?.url);
    expect(slotOf('d').phase).toBe('uploading');
  });

  it('stops after a connection failure with a retry that resumes the same upload', async () => {
    void chooseFile('e', pdfFile('sdo.pdf', 4000));
    await until(() => started.length === 1);
    last().options.onError?.(new Error('network'));
    expect(slotOf('e')).toMatchObject({ phase: 'failed', reason: 'upload.failed' });
    await retrySlot('e');
    expect(started).toHaveLength(2);
    expect(last().options.uploadUrl).toBe(started[0]?.url);
  });

  it('waits and goes on when the server is at its limit of uploads in flight, not on a refusal', async () => {
    void chooseFile('r', pdfFile('committee.pdf', 4000));
    await until(() => started.length === 1);
    const retries = (status: number) =>
      last().options.onShouldRetry?.(refusal(status, 'x'), 0, {}) ?? false;
    expect(retries(429)).toBe(true);
    expect(retries(409)).toBe(true);
    expect(retries(503)).toBe(true);
    expect(retries(0)).toBe(true);
    expect(retries(415)).toBe(false);
    expect(retries(403)).toBe(false);
    expect(retries(413)).toBe(false);
  });

  it('is held for the multipart call on a host without /uploads/', async () => {
    vi.mocked(resumableUploadsSupported).mockResolvedValue(false);
    await chooseFile('f', pdfFile('deed.pdf', 3000));
    expect(slotOf('f')).toEqual({ phase: 'ready', name: 'deed.pdf', size: 3000 });
    expect(fileOf('f')?.size).toBe(3000);
    expect(started).toHaveLength(0);
  });

  it('settles when every slot has finished, whichever way', async () => {
    void chooseFile('g', pdfFile('a.pdf'));
    void chooseFile('h', pdfFile('b.pdf'));
    await until(() => started.length === 2);
    const done = settled(['g', 'h']);
    started[0]?.options.onSuccess?.();
    started[1]?.options.onError?.(refusal(404, 'upload.notFound'));
    expect((await done).map((slot) => slot.phase)).toEqual(['done', 'refused']);
  });
});
