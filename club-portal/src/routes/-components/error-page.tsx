import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { t, useLocale, usePageTitle } from '@puja/web-kit';
import { buttonClass } from '../../components/button';

function ErrorView({ detail }: { detail: string }) {
  return (
    <main id="main">
      <h1>{t('errorPage.title')}</h1>
      <p>
        <i>{detail}</i>
      </p>
      <Link to="/" className={buttonClass()}>
        {t('errorPage.goHome')}
      </Link>
    </main>
  );
}

/** SPEC §2 error page for a failure: the title, the status text or message, Go back Home. */
export function ErrorPage({ error }: ErrorComponentProps) {
  useLocale();
  usePageTitle(t('errorPage.title'));
  const detail =
    error instanceof Error && error.message ? error.message : t('registration.unknownError');
  return <ErrorView detail={detail} />;
}

/** SPEC §2 error page for an unknown route. */
export function NotFoundPage() {
  useLocale();
  usePageTitle(t('errorPage.notFound'));
  return <ErrorView detail={t('errorPage.notFound')} />;
}
