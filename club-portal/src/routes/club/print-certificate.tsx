import { CERTIFICATE_LANGUAGES, certificateLetter, certificateVerification } from '@puja/domain';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CertificateSheet, t, useLocale, usePageTitle } from '@puja/web-kit';
import { Card } from '../../components/card';
import { clubPortalOrigin, municipalityName } from '../../lib/app-config';
import { isSmallScreen, printThenClose } from '../../lib/print';
import { PrintToolbar } from './-components/print-toolbar';
import { loadApplicationOfYear } from './-load-my-application';
import { validateYearSearch } from './-year-search';

export const Route = createFileRoute('/club/print-certificate')({
  // `?year=`: the certificate of an earlier season ("Previous seasons").
  validateSearch: validateYearSearch,
  loaderDeps: ({ search }) => ({ year: search.year }),
  loader: ({ context, deps: { year } }) => loadApplicationOfYear(context, year),
  component: PrintCertificatePage,
});

/** SPEC §2 Certificate print: the chairman's A4 letter; prints by itself on a phone. */
function PrintCertificatePage() {
  const locale = useLocale();
  usePageTitle(t('pageTitle.printCertificate'));
  const { application } = Route.useLoaderData();
  const letters = application
    ? CERTIFICATE_LANGUAGES[locale].map((language) => ({
        language,
        letter: certificateLetter(application, municipalityName(), language),
        verification: certificateVerification(application, clubPortalOrigin(), language),
      }))
    : [];
  const letter = letters[0]?.letter ?? null;

  useEffect(() => {
    if (letter && isSmallScreen()) printThenClose();
    // Once per visit of the page: the letter is fixed once loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main id="main">
      <PrintToolbar printable={letter !== null} />
      {letter ? (
        letters.map(({ language, letter: sheet, verification }) =>
          sheet ? (
            <CertificateSheet
              key={language}
              letter={sheet}
              verification={verification}
              lang={language === locale ? undefined : language}
            />
          ) : null,
        )
      ) : (
        <Card narrow>
          <h1>{t(application ? 'certificate.notIssued' : 'acknowledgement.notFound')}</h1>
        </Card>
      )}
    </main>
  );
}
