import { MAX_DOCUMENT_PAGES, type MessageKey } from '@puja/domain';
import { resumableUploadsSupported } from '@puja/api-client';
import { t, useLocale } from '@puja/web-kit';
import { useEffect, useState } from 'react';
import { Button } from '../../components/button';
import { sizeText } from './size-text';
import styles from './page-list.module.css';
import {
  addPages,
  documentIn,
  movePage,
  pageFile,
  removePage,
  retrySlot,
  useUploadSlots,
  type Slot,
} from './upload-slots';

const NO_PAGES: readonly string[] = [];

/**
 * Whether the host takes uploads on their own (tus): only then can a document be sent as pages
 * (the server builds the PDF). Unknown until asked (api-client asks once for the whole app).
 */
function useResumableUploads(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    let live = true;
    void resumableUploadsSupported().then((answer) => {
      if (live) setSupported(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

/** An id-safe form of a page's slot key. */
const idOf = (id: string, page: string) => `${id}-page-${page.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** A page's photo as a thumbnail (an object URL while shown; none in a browser without them). */
function Thumbnail({ page, alt }: { page: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const phase = useUploadSlots((state) => state.slots[page]?.phase);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function' || phase === 'preparing') return;
    let shown: string | null = null;
    let live = true;
    void pageFile(page).then((file) => {
      if (!live || !file) return;
      shown = URL.createObjectURL(file);
      setUrl(shown);
    });
    return () => {
      live = false;
      if (shown) URL.revokeObjectURL(shown);
    };
  }, [page, phase]);
  return url ? (
    <img className={styles.thumbnail} src={url} alt={alt} />
  ) : (
    <span className={styles.thumbnail} aria-hidden="true" />
  );
}

/** A page's state in a few words (its percent, paused, stopped, uploaded or refused). */
function pageState(slot: Slot): string {
  switch (slot.phase) {
    case 'preparing':
      return t('upload.preparing');
    case 'uploading':
      return t('upload.pages.uploading', {
        percent: slot.size > 0 ? Math.min(100, Math.round((slot.sent / slot.size) * 100)) : 0,
      });
    case 'paused':
      return t('upload.pages.paused');
    case 'failed':
      return t('upload.pages.stopped');
    case 'done':
    case 'ready':
      return t('upload.pages.done');
    case 'refused':
      return t(slot.reason);
    default:
      return '';
  }
}

/**
 * A document sent as photos, one per page (issue 31): "Add a page" opens the phone's camera
 * (the gallery beside it), each photo shrinks and uploads at once; the pages are listed in
 * order with their thumbnails, each moved up or down or removed with buttons named for their
 * page (focus stays with the page moved, and the change is announced); the count and total
 * size are shown, up to MAX_DOCUMENT_PAGES.
 */
export function PageList({ id, slot: key, label }: { id: string; slot: string; label: string }) {
  const locale = useLocale();
  const pages = useUploadSlots((state) => state.pages[key]) ?? NO_PAGES;
  const slots = useUploadSlots((state) => state.slots);
  const total = documentIn({ slots, pages: { [key]: [...pages] } }, key);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const full = pages.length >= MAX_DOCUMENT_PAGES;
  const resumable = useResumableUploads();
  // The document's name describes the list and the add buttons (not in their names: the field's
  // own input stays the one control labelled by it, for screen readers and tests alike).
  const ofId = `${id}-pages-of`;

  async function add(chosen: FileList | null, input: HTMLInputElement) {
    const files = chosen ? [...chosen] : [];
    input.value = '';
    if (files.length === 0) return;
    setProblem(await addPages(key, files));
  }

  function move(page: string, at: number, by: -1 | 1) {
    movePage(key, page, by);
    setAnnouncement(t('upload.pages.moved', { from: at + 1, to: at + 1 + by }));
    // Focus stays with the page moved: on the same button, or the other one at either end.
    const to = at + by;
    const edge = to === 0 || to === pages.length - 1;
    const button = edge && by === -1 ? 'down' : edge && by === 1 ? 'up' : by === -1 ? 'up' : 'down';
    requestAnimationFrame(() => document.getElementById(`${idOf(id, page)}-${button}`)?.focus());
  }

  async function remove(page: string, at: number) {
    const next = pages[at + 1] ?? pages[at - 1];
    setProblem(null);
    await removePage(key, page);
    setAnnouncement(t('upload.pages.removed', { number: at + 1 }));
    const focus = next ? `${idOf(id, next)}-remove` : `${id}-add-page`;
    requestAnimationFrame(() => document.getElementById(focus)?.focus());
  }

  const summary =
    pages.length === 0
      ? null
      : t(pages.length === 1 ? 'upload.pages.one' : 'upload.pages.many', {
          count: pages.length,
          size: sizeText('size' in total ? total.size : 0, locale),
        });

  return (
    <div className={styles.pages}>
      {pages.length > 0 ? (
        <ol className={styles.list} aria-describedby={ofId}>
          {pages.map((page, at) => (
            <PageRow
              key={page}
              id={id}
              page={page}
              at={at}
              last={at === pages.length - 1}
              onMove={move}
              onRemove={(p, i) => void remove(p, i)}
            />
          ))}
        </ol>
      ) : null}
      <p role="status" className={styles.summary}>
        {summary}
      </p>
      <span id={ofId} hidden>
        {t('upload.pages.listLabel', { document: label })}
      </span>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {resumable ? (
        <PageAdders
          id={id}
          describedBy={ofId}
          full={full}
          tooLarge={total.phase === 'refused' && total.reason === 'upload.pages.tooLarge'}
          problem={problem}
          onAdd={(files, input) => void add(files, input)}
        />
      ) : null}
    </div>
  );
}

/** One page in the list: its thumbnail, number, state, and its retry, move and remove buttons. */
function PageRow({
  id,
  page,
  at,
  last,
  onMove,
  onRemove,
}: {
  id: string;
  page: string;
  at: number;
  last: boolean;
  onMove: (page: string, at: number, by: -1 | 1) => void;
  onRemove: (page: string, at: number) => void;
}) {
  const locale = useLocale();
  const slot = useUploadSlots((state) => state.slots[page]) ?? { phase: 'empty' as const };
  const number = at + 1;
  const pageId = idOf(id, page);
  return (
    <li className={styles.page} data-page-state={slot.phase}>
      <Thumbnail page={page} alt={t('upload.pages.page', { number })} />
      <span className={styles.about}>
        <span className={styles.number}>{t('upload.pages.page', { number })}</span>
        <span className={slot.phase === 'refused' ? styles.refused : styles.state}>
          {'size' in slot ? `${sizeText(slot.size, locale)} · ` : ''}
          {pageState(slot)}
        </span>
      </span>
      <span className={styles.actions}>
        {slot.phase === 'failed' ? (
          <Button variant="secondary" onClick={() => void retrySlot(page)}>
            {t('upload.retry')}
          </Button>
        ) : null}
        <Button
          id={`${pageId}-up`}
          variant="secondary"
          disabled={at === 0}
          aria-label={t('upload.pages.moveUp', { number })}
          onClick={() => onMove(page, at, -1)}
        >
          <span aria-hidden="true">↑</span>
        </Button>
        <Button
          id={`${pageId}-down`}
          variant="secondary"
          disabled={last}
          aria-label={t('upload.pages.moveDown', { number })}
          onClick={() => onMove(page, at, 1)}
        >
          <span aria-hidden="true">↓</span>
        </Button>
        <Button
          id={`${pageId}-remove`}
          variant="secondary"
          aria-label={t('upload.pages.remove', { number })}
          onClick={() => onRemove(page, at)}
        >
          <span aria-hidden="true">✕</span>
        </Button>
      </span>
    </li>
  );
}

/**
 * How to add pages (the hint, or that the document is full), what went wrong, and the two add
 * buttons: the camera, and the gallery beside it (several photos at once).
 */
function PageAdders({
  id,
  describedBy,
  full,
  tooLarge,
  problem,
  onAdd,
}: {
  id: string;
  describedBy: string;
  full: boolean;
  tooLarge: boolean;
  problem: MessageKey | null;
  onAdd: (files: FileList | null, input: HTMLInputElement) => void;
}) {
  const hintId = `${id}-pages-hint`;
  const problemId = `${id}-pages-problem`;
  return (
    <>
      <p id={hintId} className={styles.hint}>
        {full
          ? t('upload.pages.full', { max: MAX_DOCUMENT_PAGES })
          : t('upload.pages.hint', { max: MAX_DOCUMENT_PAGES })}
      </p>
      {tooLarge ? <p className={styles.problem}>{t('upload.pages.tooLarge')}</p> : null}
      {problem ? (
        <p id={problemId} className={styles.problem}>
          {t(problem, { max: MAX_DOCUMENT_PAGES })}
        </p>
      ) : null}
      <div className={styles.adders}>
        {(['camera', 'gallery'] as const).map((source) => {
          const text = t(source === 'camera' ? 'upload.pages.add' : 'upload.pages.fromGallery');
          return (
            <span key={source} className={styles.adder}>
              <input
                id={source === 'camera' ? `${id}-add-page` : `${id}-add-pages`}
                className={styles.input}
                type="file"
                accept="image/*"
                // The camera where the phone has one; the gallery takes several photos at once.
                {...(source === 'camera' ? { capture: 'environment' } : { multiple: true })}
                disabled={full}
                aria-label={text}
                aria-describedby={[describedBy, hintId, problem ? problemId : ''].join(' ').trim()}
                onChange={(event) => onAdd(event.target.files, event.target)}
              />
              <span className={styles.face} aria-hidden="true">
                {text}
              </span>
            </span>
          );
        })}
      </div>
    </>
  );
}
