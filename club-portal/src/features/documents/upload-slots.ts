import {
  resumableUploadsSupported,
  uploadHeaders,
  uploadRefusalKey,
  uploadsEndpoint,
} from '@puja/api-client';
import {
  MAX_DOCUMENT_PAGES,
  MAX_DOCUMENT_PAGES_BYTES,
  pageIdsValue,
  type MessageKey,
} from '@puja/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { blobStore } from './blob-store';
import { UPLOAD_SLOTS_KEY } from './device-storage-keys';
import type { ShrunkPdf } from './pdf-shrink';
import { prepareUpload, sniffKind, worthShrinking, type PreparedUpload } from './prepare-upload';

/**
 * One document slot of a form (an apply field, the acknowledgement, a re-upload) and where its
 * file is: being prepared, held for a multipart call (`ready`, a host without `/uploads/`), or
 * uploading on its own (tus, decision 0030): `uploading`, `paused` while offline, `failed`
 * (retry), `done` with the upload's id, or `refused` with the reason, named in its field.
 * A large scanned PDF first waits in `offer` for the club to have it made smaller or not.
 */
export type Slot =
  | { phase: 'empty' }
  | { phase: 'preparing'; name: string; /** A PDF looked inside (issue 31). */ checking?: true }
  /** A scanned PDF that can be made smaller (`smaller` bytes): the club decides (decideOffer). */
  | { phase: 'offer'; name: string; size: number; smaller: number }
  | { phase: 'ready'; name: string; size: number }
  | { phase: 'uploading' | 'paused'; name: string; size: number; sent: number; url?: string }
  | {
      phase: 'failed';
      name: string;
      size: number;
      sent: number;
      url?: string;
      reason: MessageKey;
    }
  | { phase: 'done'; name: string; size: number; uploadId: string; url: string }
  | { phase: 'refused'; name: string; reason: MessageKey };

const EMPTY: Slot = { phase: 'empty' };

interface SlotsState {
  slots: Record<string, Slot>;
  /**
   * Issue 31: a document sent as photos, one per page: its pages' own slots (each a photo
   * uploading on its own), in page order, by the document's slot.
   */
  pages: Record<string, string[]>;
  set: (key: string, slot: Slot) => void;
  setPages: (key: string, pages: string[]) => void;
  /** A page's slot leaves (the page was removed). */
  drop: (key: string) => void;
}

/** The slots, kept in localStorage: a reload keeps finished uploads and resumes the others. */
export const useUploadSlots = create<SlotsState>()(
  persist(
    (set) => ({
      slots: {},
      pages: {},
      set: (key, slot) => set((state) => ({ slots: { ...state.slots, [key]: slot } })),
      setPages: (key, pages) =>
        set((state) => {
          const { [key]: _gone, ...others } = state.pages;
          return { pages: pages.length > 0 ? { ...others, [key]: pages } : others };
        }),
      drop: (key) =>
        set((state) => {
          const { [key]: _gone, ...others } = state.slots;
          return { slots: others };
        }),
    }),
    {
      name: UPLOAD_SLOTS_KEY,
      storage: createJSONStorage(() => localStorage),
      // A file held only in memory (multipart) or still being prepared is gone after a reload.
      partialize: ({ slots, pages }) => ({
        slots: Object.fromEntries(
          Object.entries(slots).filter(
            ([, slot]) => !['ready', 'preparing', 'offer'].includes(slot.phase),
          ),
        ),
        pages,
      }),
    },
  ),
);

export function slotOf(key: string): Slot {
  return useUploadSlots.getState().slots[key] ?? EMPTY;
}

const setSlot = (key: string, slot: Slot) => useUploadSlots.getState().set(key, slot);

/** A document's pages (their slots' keys) in order; none for a document of one file. */
export function pagesOf(key: string): readonly string[] {
  return useUploadSlots.getState().pages[key] ?? [];
}

const setPages = (key: string, pages: string[]) => useUploadSlots.getState().setPages(key, pages);

/** What marks a page's slot key: `<document's key>#<page>`. */
const PAGE_MARK = '#';
const isPageKey = (key: string) => key.includes(PAGE_MARK);
let pageSerial = 0;
function newPageKey(key: string): string {
  pageSerial += 1;
  return `${key}${PAGE_MARK}${Date.now().toString(36)}${pageSerial.toString(36)}`;
}

/** The order a document's pages' states count in, the first found naming the document's. */
const PAGE_PHASES = ['refused', 'preparing', 'uploading', 'paused', 'failed', 'ready'] as const;

/**
 * A document's state as a form needs it: its file's slot, or for a document of pages, one
 * state for all of them: refused when a page is (the club removes or replaces it) or when they
 * weigh more than MAX_DOCUMENT_PAGES_BYTES together, on its way
 * while a page is, stopped when one stopped, and done once every page is, its upload id then
 * the pages' ids in page order (`id1,id2,…`, issue 31's `<field>_upload`).
 */
export function documentIn(state: Pick<SlotsState, 'slots' | 'pages'>, key: string): Slot {
  const pages = (state.pages[key] ?? [])
    .map((page) => state.slots[page])
    .filter((slot): slot is Slot => slot !== undefined && slot.phase !== 'empty');
  if (pages.length === 0) return state.slots[key] ?? EMPTY;
  const first = pages[0] as Slot & { name: string };
  const size = pages.reduce((sum, slot) => sum + ('size' in slot ? slot.size : 0), 0);
  const sent = pages.reduce(
    (sum, slot) => sum + ('sent' in slot ? slot.sent : 'size' in slot ? slot.size : 0),
    0,
  );
  const refused = pages.find((slot) => slot.phase === 'refused');
  if (refused) return refused;
  // Together within what one file may weigh (domain): more cannot be sent as one document.
  if (size > MAX_DOCUMENT_PAGES_BYTES) {
    return { phase: 'refused', name: first.name, reason: 'upload.pages.tooLarge' };
  }
  for (const phase of PAGE_PHASES) {
    const page = pages.find((slot) => slot.phase === phase);
    if (!page) continue;
    if (page.phase === 'refused' || page.phase === 'preparing') return page;
    if (page.phase === 'ready') return { phase: 'ready', name: first.name, size };
    if (page.phase === 'failed') return { ...page, name: first.name, size, sent };
    if (page.phase === 'uploading' || page.phase === 'paused') {
      return { phase: page.phase, name: first.name, size, sent };
    }
  }
  const ids = pages.map((slot) => (slot.phase === 'done' ? slot.uploadId : ''));
  return { phase: 'done', name: first.name, size, uploadId: pageIdsValue(ids), url: '' };
}

/** A document's state now (documentIn). */
export function documentOf(key: string): Slot {
  return documentIn(useUploadSlots.getState(), key);
}

/** Prepared files by slot (multipart sends them; tus reads them), and running uploads. */
const files = new Map<string, File>();
const running = new Map<string, { abort: () => Promise<void> }>();

/** The prepared file of a slot (for the multipart call). */
export function fileOf(key: string): File | null {
  return files.get(key) ?? null;
}

/** Scanned PDFs offered smaller, by slot: the file chosen, the smaller one and its page 1. */
const offers = new Map<string, ShrunkPdf & { original: File }>();

/** A slot's offer to make its scanned PDF smaller (its preview), while it waits for the club. */
export function offerOf(key: string): (ShrunkPdf & { original: File }) | null {
  return offers.get(key) ?? null;
}

/** The tus client, loaded only when a screen uploads (the login page never carries it). */
const tusClient = () => import('tus-js-client');

/** What a stopped upload's error means: a refusal by the server, or a connection problem. */
function reasonOf(error: unknown): { refused: boolean; reason: MessageKey } {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } })
    .originalResponse;
  const status = response?.getStatus() ?? 0;
  if (status >= 400 && status < 500 && status !== 409 && status !== 423) {
    return {
      refused: true,
      reason: uploadRefusalKey(status, response?.getBody() ?? '', 'upload.failed'),
    };
  }
  return { refused: false, reason: 'upload.failed' };
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Sends a slot's file to `/uploads/`, resuming `url` when given (after a cut, a pause or a
 * reload: the server says how far it got and only the rest is sent).
 */
async function send(key: string, file: File, url?: string): Promise<void> {
  await running.get(key)?.abort();
  const { Upload } = await tusClient();
  const base = { name: file.name, size: file.size };
  let uploadUrl = url;
  setSlot(key, { phase: 'uploading', ...base, sent: 0, ...(url ? { url } : {}) });
  const upload = new Upload(file, {
    endpoint: uploadsEndpoint(),
    ...(url ? { uploadUrl: url } : {}),
    headers: uploadHeaders(),
    metadata: { filename: file.name, filetype: file.type },
    // Short waits, then the retry button; going offline pauses instead (below).
    retryDelays: [0, 1000, 3000, 6000],
    // As tus-js-client decides (a cut, a server error, a conflict, a lock), and also when the
    // server is at its limit of uploads in flight (429): those wait and go on.
    onShouldRetry(error) {
      const status = error.originalResponse?.getStatus() ?? 0;
      const clientError = status >= 400 && status < 500;
      return !isOffline() && (!clientError || [409, 423, 429].includes(status));
    },
    storeFingerprintForResuming: false,
    onUploadUrlAvailable() {
      uploadUrl = upload.url ?? undefined;
      const now = slotOf(key);
      if (now.phase === 'uploading' && uploadUrl) setSlot(key, { ...now, url: uploadUrl });
    },
    onProgress(sent) {
      const now = slotOf(key);
      if (now.phase === 'uploading') setSlot(key, { ...now, sent });
    },
    onSuccess() {
      running.delete(key);
      const done = upload.url ?? uploadUrl ?? '';
      setSlot(key, {
        phase: 'done',
        ...base,
        url: done,
        uploadId: done.replace(/\/+$/, '').split('/').pop() ?? '',
      });
      // A page's photo stays on the device for its thumbnail until the document is sent.
      if (!isPageKey(key)) void blobStore.remove(key);
    },
    onError(error) {
      running.delete(key);
      const now = slotOf(key);
      const sent = 'sent' in now ? now.sent : 0;
      const at = uploadUrl ? { url: uploadUrl } : {};
      if (isOffline()) return setSlot(key, { phase: 'paused', ...base, sent, ...at });
      const { refused, reason } = reasonOf(error);
      if (refused) {
        files.delete(key);
        void blobStore.remove(key);
        return setSlot(key, { phase: 'refused', name: file.name, reason });
      }
      setSlot(key, { phase: 'failed', ...base, sent, reason, ...at });
    },
  });
  running.set(key, { abort: () => upload.abort() });
  upload.start();
}

/**
 * A file chosen for a slot: checked by its first bytes and prepared (photos compressed), then
 * uploaded at once where the host has `/uploads/`, else held for the form's multipart call.
 */
export async function chooseFile(key: string, chosen: File | null): Promise<void> {
  await forgetSlot(key);
  if (!chosen) return;
  if (await worthShrinking(chosen)) {
    setSlot(key, { phase: 'preparing', name: chosen.name, checking: true });
    const checking = slotOf(key);
    const offer = await shrinkPdf(chosen);
    // Another file chosen, or the slot emptied, meanwhile: this one is not wanted any more.
    if (slotOf(key) !== checking) return;
    if (offer) {
      offers.set(key, { ...offer, original: chosen });
      const { name, size } = chosen;
      return setSlot(key, { phase: 'offer', name, size, smaller: offer.file.size });
    }
  }
  await prepareAndSend(key, chosen, prepareUpload);
}

/** pdf.js and pdf-lib load only here, for a large PDF (never with the login). */
async function shrinkPdf(file: File): Promise<ShrunkPdf | null> {
  try {
    return await (await import('./pdf-shrink')).shrinkScannedPdf(file);
  } catch {
    return null;
  }
}

/** The club's answer to the offer: the smaller PDF goes, or (declined) the one chosen. */
export async function decideOffer(key: string, smaller: boolean): Promise<void> {
  const offer = offers.get(key);
  if (!offer || slotOf(key).phase !== 'offer') return;
  offers.delete(key);
  await prepareAndSend(key, smaller ? offer.file : offer.original, prepareUpload);
}

/** A page is a photo: a PDF (or anything else) is refused before a byte is sent. */
async function preparePage(file: File): Promise<PreparedUpload> {
  const kind = await sniffKind(file);
  if (kind === 'pdf') return { ok: false, message: 'upload.pages.notPhoto' };
  return prepareUpload(file);
}

/**
 * Photos added to a document as its next pages (issue 31), each shrunk like any photo and
 * uploading at once, in the order chosen; a file chosen for the document before is replaced.
 * Beyond MAX_DOCUMENT_PAGES none is added: the answer is then the reason, else null.
 */
export async function addPages(key: string, chosen: readonly File[]): Promise<MessageKey | null> {
  // Only our server builds a document from pages (a host without `/uploads/` takes one file).
  if (!(await resumableUploadsSupported())) return 'upload.pages.unsupported';
  if (slotOf(key).phase !== 'empty') await forgetOwnFile(key);
  const room = MAX_DOCUMENT_PAGES - pagesOf(key).length;
  const taken = chosen.slice(0, Math.max(0, room));
  const added = taken.map((file) => {
    const page = newPageKey(key);
    setSlot(page, { phase: 'preparing', name: file.name });
    return [page, file] as const;
  });
  setPages(key, [...pagesOf(key), ...added.map(([page]) => page)]);
  // One at a time: a cheap phone shrinks one photo at once, each uploading as soon as it is ready.
  for (const [page, file] of added) {
    if (pagesOf(key).includes(page)) await prepareAndSend(page, file, preparePage);
  }
  return chosen.length > taken.length ? 'upload.pages.full' : null;
}

/** A page leaves its document: its upload stops and its kept photo goes. */
export async function removePage(key: string, page: string): Promise<void> {
  setPages(
    key,
    pagesOf(key).filter((each) => each !== page),
  );
  await forgetOwnFile(page);
  useUploadSlots.getState().drop(page);
}

/** A page moves `by` places (−1 up, +1 down) within its document; at either end it stays. */
export function movePage(key: string, page: string, by: -1 | 1): void {
  const pages = [...pagesOf(key)];
  const from = pages.indexOf(page);
  const to = from + by;
  if (from < 0 || to < 0 || to >= pages.length) return;
  pages.splice(from, 1);
  pages.splice(to, 0, page);
  setPages(key, pages);
}

/** A page's photo as prepared (its thumbnail), from memory or the device's keeping. */
export async function pageFile(page: string): Promise<File | null> {
  return files.get(page) ?? (await blobStore.get(page));
}

/** A file prepared (`prepare`) for a slot and uploaded, or held for the multipart call. */
async function prepareAndSend(
  key: string,
  chosen: File,
  prepare: (file: File) => Promise<PreparedUpload>,
): Promise<void> {
  setSlot(key, { phase: 'preparing', name: chosen.name });
  try {
    const prepared = await prepare(chosen);
    if (!prepared.ok) {
      return setSlot(key, { phase: 'refused', name: chosen.name, reason: prepared.message });
    }
    files.set(key, prepared.file);
    if (!(await resumableUploadsSupported())) {
      return setSlot(key, { phase: 'ready', name: prepared.file.name, size: prepared.file.size });
    }
    await blobStore.put(key, prepared.file);
    await send(key, prepared.file);
  } catch {
    const file = files.get(key);
    setSlot(key, {
      phase: 'failed',
      name: chosen.name,
      size: file?.size ?? chosen.size,
      sent: 0,
      reason: 'upload.failed',
    });
  }
}

/** The retry button: the same file again, from where the server got to. */
export async function retrySlot(key: string): Promise<void> {
  const slot = slotOf(key);
  const file = files.get(key) ?? (await blobStore.get(key));
  if (!file || !('url' in slot || slot.phase === 'failed' || slot.phase === 'paused')) return;
  files.set(key, file);
  await send(key, file, 'url' in slot ? slot.url : undefined);
}

/**
 * Empties a slot: stops its upload (its pages' too) and forgets its file (a used upload is the
 * server's).
 */
export async function forgetSlot(key: string): Promise<void> {
  const pages = pagesOf(key);
  setPages(key, []);
  for (const page of pages) {
    await forgetOwnFile(page);
    useUploadSlots.getState().drop(page);
  }
  await forgetOwnFile(key);
  setSlot(key, EMPTY);
}

/** Stops a slot's own upload and forgets its file. */
async function forgetOwnFile(key: string): Promise<void> {
  offers.delete(key);
  await running.get(key)?.abort();
  running.delete(key);
  files.delete(key);
  await blobStore.remove(key);
  setSlot(key, EMPTY);
}

/**
 * A session ended (issue 19 item 9): every upload stops and every slot, its name and its kept
 * file leave the device, so the next person on a shared phone finds none of them.
 */
export async function forgetAllSlots(): Promise<void> {
  await Promise.all([...running.values()].map((upload) => upload.abort()));
  running.clear();
  files.clear();
  offers.clear();
  useUploadSlots.setState({ slots: {}, pages: {} });
  useUploadSlots.persist.clearStorage();
  await blobStore.clear();
}

/**
 * After a reload: unfinished uploads of these slots resume from their last byte when their
 * file was kept; a slot whose file is gone is emptied (it must be chosen again).
 */
export async function resumeSlots(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    // A page whose photo was still being prepared at the reload is gone: the others stay.
    const pages = pagesOf(key);
    const lost = pages.filter((page) => slotOf(page).phase === 'empty');
    if (lost.length > 0)
      setPages(
        key,
        pages.filter((page) => !lost.includes(page)),
      );
    await resumeSlots(pagesOf(key));
    const slot = slotOf(key);
    if (!['uploading', 'paused', 'failed'].includes(slot.phase) || running.has(key)) continue;
    const file = files.get(key) ?? (await blobStore.get(key));
    if (!file) {
      if (isPageKey(key)) await removePage(key.slice(0, key.indexOf(PAGE_MARK)), key);
      else setSlot(key, EMPTY);
      continue;
    }
    files.set(key, file);
    if (slot.phase === 'failed') continue;
    await send(key, file, 'url' in slot ? slot.url : undefined);
  }
}

/** Going offline pauses every upload; coming back resumes them from their last byte. */
function watchConnection(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('offline', () => {
    for (const [key, upload] of running) {
      void upload.abort();
      running.delete(key);
      const slot = slotOf(key);
      if (slot.phase === 'uploading') setSlot(key, { ...slot, phase: 'paused' });
    }
  });
  window.addEventListener('online', () => {
    const paused = Object.entries(useUploadSlots.getState().slots).filter(
      ([, slot]) => slot.phase === 'paused',
    );
    void resumeSlots(paused.map(([key]) => key));
  });
}
watchConnection();

/** Whether a slot is still on its way (the form waits for it at submit). */
export function isInFlight(slot: Slot): boolean {
  return slot.phase === 'preparing' || slot.phase === 'uploading' || slot.phase === 'paused';
}

/** Resolves once none of these slots is in flight any more; their final states. */
export function settled(keys: readonly string[]): Promise<Slot[]> {
  const now = () => keys.map(documentOf);
  if (!now().some(isInFlight)) return Promise.resolve(now());
  return new Promise((resolve) => {
    const stop = useUploadSlots.subscribe(() => {
      if (now().some(isInFlight)) return;
      stop();
      resolve(now());
    });
  });
}
