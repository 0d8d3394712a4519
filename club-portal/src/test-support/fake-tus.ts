/**
 * A scripted tus client for tests (vi.mock('tus-js-client', () => fakeTus)): each upload
 * started is recorded with its own upload URL (…/uploads/up1, up2, … in the order started) and
 * driven by the test through its options' callbacks.
 */
export interface FakeUpload {
  file: File;
  options: {
    uploadUrl?: string;
    onUploadUrlAvailable?: () => void;
    onProgress?: (sent: number, total: number) => void;
    onSuccess?: () => void;
    onError?: (error: unknown) => void;
    onShouldRetry?: (error: unknown, attempt: number, options: unknown) => boolean;
  };
  url: string | null;
  aborted: boolean;
}

export const started: FakeUpload[] = [];

let serial = 0;

export const fakeTus = {
  Upload: class {
    url: string | null = null;
    aborted = false;
    constructor(
      readonly file: File,
      readonly options: FakeUpload['options'],
    ) {}
    start() {
      serial += 1;
      this.url = this.options.uploadUrl ?? `http://api.test/uploads/up${serial}`;
      started.push(this as unknown as FakeUpload);
      this.options.onUploadUrlAvailable?.();
    }
    abort() {
      this.aborted = true;
      return Promise.resolve();
    }
  },
};

/** Every upload started and not aborted finishes. */
export function finishAll(): void {
  for (const upload of started) if (!upload.aborted) upload.options.onSuccess?.();
}

/** A small JPEG photo as a phone's gallery gives it (kept as it is: under 200 KB). */
export function photoFile(name: string, size = 3000): File {
  const head = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  return new File([head, new Uint8Array(size - head.length)], name, { type: 'image/jpeg' });
}

/** The id an upload got (the last part of its URL). */
export const idOf = (upload: FakeUpload | undefined) => upload?.url?.split('/').pop() ?? '';
