import { useEffect } from 'react';
import { t, useLocale } from './t';

/** Whether a page was shown before: the next one to appear came by a navigation. */
let pageShown = false;

/** How long a page's heading is waited for when its data comes after the page. */
const HEADING_WAIT_MS = 3000;

/**
 * Every page says what it is and where the reader is (WCAG 2.4.2 Page Titled, 2.4.3 Focus
 * Order; issue 27): the tab's title is "{page} — Puja NOC Portal" in the chosen language, and
 * after a navigation the focus moves to the page's main heading (`main h1`), so a screen reader
 * starts reading the new page from its heading and the keyboard goes on from there. The first
 * page of a visit keeps the browser's own start (the skip link first). Each route's page calls it.
 * @example usePageTitle(t('pageTitle.applyNoc')) // 'Apply for NOC — Puja NOC Portal'
 */
export function usePageTitle(page: string): void {
  const locale = useLocale();
  useEffect(() => {
    document.title = t('app.pageTitle', { page, app: t('app.title') });
  }, [page, locale]);
  useEffect(() => {
    const navigated = pageShown;
    pageShown = true;
    if (!navigated) return;
    const focusHeading = (): boolean => {
      // Someone already typing (a field the page focused itself) keeps their place.
      if (document.activeElement?.matches('input, textarea, select')) return true;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    // A page whose heading comes with its data: focus it when it appears (a moment at most).
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = () => observer.disconnect();
    const giveUp = setTimeout(stop, HEADING_WAIT_MS);
    // Once the reader acts, the focus is theirs: a late heading does not take it.
    const acted = { capture: true, once: true } as const;
    document.addEventListener('keydown', stop, acted);
    document.addEventListener('pointerdown', stop, acted);
    return () => {
      stop();
      clearTimeout(giveUp);
      document.removeEventListener('keydown', stop, acted);
      document.removeEventListener('pointerdown', stop, acted);
    };
  }, []);
}
