/**
 * A document of several pages from the phone's camera (issue 31, docs/decisions/0046): the club
 * photographs each sheet, each photo is staged as a resumable upload, and the call that uses
 * them names the upload ids in page order, `<field>_upload = id1,id2,…`. The server builds one
 * PDF of them (a page per photo, in that order). These are the rules both sides share: how many
 * pages, how big together, what a page may be, how the list is written and read, and how the
 * history words it.
 */
import { MAX_FILE_BYTES } from './field-checks';
import { FILE_FIELD_OF_DOCUMENT } from './application';
import {
  DEFAULT_LOCALE,
  formatMessage,
  isMessageKey,
  type Locale,
  type MessageKey,
} from './messages';
import type { FileKind } from './validation';

/** A document has at most this many pages. */
export const MAX_DOCUMENT_PAGES = 10;

/**
 * The pages of one document together are at most as large as one file may be (3 MB): a document
 * weighs the same for its reviewer however it came. Ten photos at the usual ~145 KB take half of
 * it; six at the phone's photo cap (500 KB) fit.
 */
export const MAX_DOCUMENT_PAGES_BYTES = MAX_FILE_BYTES;

/** What a page may be: a photo. A PDF is a document of its own, never a page of one. */
export const PAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'webp'];

/** A staged upload's id as the server hands it out: 128 random bits as 32 hex characters. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * A refusal of a document's pages: its key (a text without placeholders: the server answers it
 * as it is) and, where it is about one page, that page's number from 1 (a screen may point at it).
 */
export interface PagesRefusal {
  ok: false;
  key: MessageKey;
  page?: number;
}

/**
 * The value of `<field>_upload` for a document's pages in their order (one id: a one-page
 * document, the call as it was before issue 31).
 * @example pageIdsValue(['a1…', 'b2…']) // 'a1…,b2…'
 */
export function pageIdsValue(ids: readonly string[]): string {
  return ids.join(',');
}

/**
 * The upload ids a `<field>_upload` value names, in page order: one or more well-formed ids,
 * none twice, at most MAX_DOCUMENT_PAGES. Spaces around an id are ignored.
 * @example parsePageIds('0123456789abcdef0123456789abcdef') // { ok: true, ids: ['0123456789abcdef0123456789abcdef'] }
 * @example parsePageIds('a,,b') // { ok: false, key: 'validation.invalidRequest' }
 */
export function parsePageIds(value: string): { ok: true; ids: string[] } | PagesRefusal {
  const ids = value.split(',').map((id) => id.trim());
  if (ids.some((id) => !UPLOAD_ID.test(id))) {
    return { ok: false, key: 'validation.invalidRequest' };
  }
  if (ids.length > MAX_DOCUMENT_PAGES) {
    return { ok: false, key: 'upload.pages.tooMany' };
  }
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) return { ok: false, key: 'upload.pages.duplicate', page: twice + 1 };
  return { ok: true, ids };
}

/**
 * Whether the pages of a document may make one: each a photo (a page that is not: refused with
 * its number, counted from 1), all of them together within MAX_DOCUMENT_PAGES_BYTES (what the club sent: the PDF built of them may
 * be a little larger, WebP pages being converted). Null when
 * they may. `kind` null: bytes of no kind we know.
 * @example checkDocumentPages([{ kind: 'jpeg', size: 150_000 }, { kind: 'pdf', size: 90_000 }]) // { ok: false, key: 'upload.pages.notImage', page: 2 }
 */
export function checkDocumentPages(
  pages: readonly { kind: FileKind | null; size: number }[],
): PagesRefusal | null {
  const notImage = pages.findIndex((page) => page.kind === null || !PAGE_KINDS.includes(page.kind));
  if (notImage >= 0) return { ok: false, key: 'upload.pages.notImage', page: notImage + 1 };
  const bytes = pages.reduce((sum, page) => sum + page.size, 0);
  if (bytes > MAX_DOCUMENT_PAGES_BYTES) {
    return { ok: false, key: 'upload.pages.tooLarge' };
  }
  return null;
}

/**
 * The pages with one moved up (-1) or down (+1) by one place; unchanged when it cannot move.
 * @example movePage(['a', 'b', 'c'], 2, -1) // ['a', 'c', 'b']
 */
export function movePage<T>(pages: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  const moved = [...pages];
  if (index < 0 || index >= pages.length || to < 0 || to >= pages.length) return moved;
  [moved[index], moved[to]] = [moved[to] as T, moved[index] as T];
  return moved;
}

/**
 * How the history names a document made of photos: "3 pages from the camera" (digits by
 * language when formatted).
 * @example cameraPagesMessage(3) // { key: 'upload.pages.fromCamera.many', params: { count: 3 } }
 */
export function cameraPagesMessage(count: number): {
  key: MessageKey;
  params: { count: number };
} {
  const key = count === 1 ? 'upload.pages.fromCamera.one' : 'upload.pages.fromCamera.many';
  return { key, params: { count } };
}

/** The audit trail's note of a document made of photos (its record language is English). */
const CAMERA_NOTE = /^(\d+) pages? from the camera$/;

/**
 * The audit note of a document of `count` photos, as the trail stores it (one language for the
 * record, like every audit wording); `cameraPagesOfNote` reads it back for display.
 * @example cameraPagesNote(3) // '3 pages from the camera'
 */
export function cameraPagesNote(count: number): string {
  return `${count} ${count === 1 ? 'page' : 'pages'} from the camera`;
}

/**
 * The page count an audit note names (see `cameraPagesNote`), or null for any other text: a
 * history screen shows the note in its language with `cameraPagesMessage`.
 * @example cameraPagesOfNote('3 pages from the camera') // 3
 */
export function cameraPagesOfNote(note: string): number | null {
  const match = CAMERA_NOTE.exec(note);
  return match ? Number(match[1]) : null;
}

/** A file field's document name in a language (`puja_budget` → "Puja Budget"); else the field. */
function documentLabel(field: string, locale: Locale): string {
  const doc =
    Object.entries(FILE_FIELD_OF_DOCUMENT).find(([, file]) => file === field)?.[0] ?? field;
  const key = `document.${doc}`;
  return isMessageKey(key) ? formatMessage(key, {}, locale) : field;
}

/**
 * An audit reason as a history screen shows it: the notes of pages from the camera in the
 * language (an upload's "3 pages from the camera", an application's "puja_budget: 3 pages from
 * the camera" with the document's name), everything else as written.
 * @example historyReasonText('puja_budget: 3 pages from the camera', 'bn') // 'পূজার বাজেট: ক্যামেরা থেকে ৩টি পৃষ্ঠা'
 */
export function historyReasonText(reason: string, locale: Locale = DEFAULT_LOCALE): string {
  const pagesText = (count: number) => {
    const { key, params } = cameraPagesMessage(count);
    return formatMessage(key, params, locale);
  };
  return reason
    .split('; ')
    .map((part) => {
      const alone = cameraPagesOfNote(part);
      if (alone !== null) return pagesText(alone);
      const named = /^(\w+): (.+)$/.exec(part);
      const count = named ? cameraPagesOfNote(named[2] ?? '') : null;
      return named && count !== null
        ? `${documentLabel(named[1] ?? '', locale)}: ${pagesText(count)}`
        : part;
    })
    .join('; ');
}
