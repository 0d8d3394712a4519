import { useEffect } from 'react';
import { t, useLocale } from './t';

/** Whether a page was shown before: the next one to appear came by a navigation. */
let pageShown = false;

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
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  }, []);
}
