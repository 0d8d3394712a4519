import {
  CERTIFICATE_LANGUAGES,
  certificateLetter,
  certificateVerification,
  type CertificateLetter,
  type CertificateVerification,
  type Locale,
} from '@puja/domain';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { A4Sheet, SheetToolbar } from '../../components/a4-sheet';
import { Button, buttonClass } from '../../components/button';
import { Card } from '../../components/card';
import { QrCode } from '../../components/qr-code';
import { clubPortalOrigin, municipalityName } from '../../lib/app-config';
import { isSmallScreen, printThenClose } from '../../lib/print';
import { t, useLocale } from '../../lib/t';
import styles from './print.module.css';

const route = getRouteApi('/club/print-certificate');

/** SPEC §2 Certificate print: the chairman's A4 letter; prints by itself on a phone. */
export function PrintCertificatePage() {
  const locale = useLocale();
  const { application } = route.useLoaderData();
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
      <SheetToolbar>
        <Link to="/club/dashboard" className={buttonClass('secondary')}>
          {t('acknowledgement.back')}
        </Link>
        {letter ? <Button onClick={printThenClose}>{t('acknowledgement.printNow')}</Button> : null}
      </SheetToolbar>
      {letter ? (
        letters.map(({ language, letter: sheet, verification }) =>
          sheet ? (
            <Letter
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

function Letter({
  letter,
  verification,
  lang,
}: {
  letter: CertificateLetter;
  verification: CertificateVerification | null;
  lang: Locale | undefined;
}) {
  return (
    <A4Sheet label={letter.title} lang={lang}>
      <div className={styles.letter}>
        <header className={styles.letterHead}>
          <h1>{letter.municipality}</h1>
          <p>{letter.office}</p>
        </header>
        <div className={styles.refs}>
          <span>{letter.memoLine}</span>
          <span>{letter.dateLine}</span>
        </div>
        <h2 className={styles.title}>{letter.title}</h2>
        <p>{letter.salutation}</p>
        <p>
          {letter.addressee}
          <br />
          {letter.pujaLocation}
          <br />
          {letter.regLine}
        </p>
        <p>
          <strong>{letter.subject}</strong>
        </p>
        <p>{letter.body}</p>
        <ol>
          {letter.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ol>
        <p>{letter.otherPermissions}</p>
        <div className={styles.letterFoot}>
          {verification ? <VerificationBlock verification={verification} /> : <span />}
          <div className={styles.sign}>
            <p>
              <strong>{letter.signature}</strong>
            </p>
            <p>{letter.municipality}</p>
          </div>
        </div>
      </div>
    </A4Sheet>
  );
}

/** Issue 12: the QR code of the public verification page, the code in words under it. */
function VerificationBlock({ verification }: { verification: CertificateVerification }) {
  return (
    <figure className={styles.verify}>
      {verification.url ? (
        <QrCode text={verification.url} label={t('certificate.qrLabel')} />
      ) : null}
      <figcaption>
        <strong className={styles.verifyCode}>{verification.codeLine}</strong>
        {verification.scanLine ? <span>{verification.scanLine}</span> : null}
      </figcaption>
    </figure>
  );
}
