import type { CertificateLetter, CertificateVerification, Locale } from '@puja/domain';
import { QrCode } from '../../components/qr-code';
import { t } from '../../lib/t';
import classes from './certificate-sheet.module.css';

/** The copy of the sheets that prints: hidden on screen, the only thing on paper. */
export const PRINT_ROOT_CLASS = 'certificate-print';

/** One sheet of a certificate: the letter in one language and its verification block. */
export interface Sheet {
  language: Locale;
  letter: CertificateLetter;
  /** Issue 12: the QR code of the public verification page and the code under it. */
  verification: CertificateVerification | null;
}

/**
 * The certificate's sheets, one A4 page each; a sheet in another language than the page says so
 * (`lang`), for screen readers and the font.
 */
export function CertificateSheets({
  sheets,
  locale,
}: {
  sheets: readonly Sheet[];
  locale: Locale;
}) {
  return (
    <div>
      {sheets.map(({ language, letter, verification }) => (
        <CertificateSheet
          key={language}
          letter={letter}
          verification={verification}
          lang={language === locale ? undefined : language}
        />
      ))}
    </div>
  );
}

/** SPEC §2 certificate print: the chairman's A4 letter, every line from domain. */
function CertificateSheet({
  letter,
  verification,
  lang,
}: Omit<Sheet, 'language'> & { lang: Locale | undefined }) {
  return (
    <article className={classes.sheet} aria-label={letter.title} lang={lang}>
      <header className={classes.head}>
        <h2 style={{ margin: 0 }}>{letter.municipality}</h2>
        <div>{letter.office}</div>
        <h3>{letter.title}</h3>
      </header>
      <div className={classes.row}>
        <span>{letter.memoLine}</span>
        <span>{letter.dateLine}</span>
      </div>
      <p>{letter.regLine}</p>
      <p>
        {letter.salutation}
        <br />
        {letter.addressee}
        <br />
        {letter.pujaLocation}
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
      <div className={classes.foot}>
        {verification ? (
          <figure className={classes.verify}>
            {verification.url ? (
              <QrCode text={verification.url} label={t('certificate.qrLabel')} />
            ) : null}
            <figcaption>
              <strong className={classes.code}>{verification.codeLine}</strong>
              {verification.scanLine ? <span>{verification.scanLine}</span> : null}
            </figcaption>
          </figure>
        ) : (
          <span />
        )}
        <p className={classes.signature}>
          {letter.signature}
          <br />
          {letter.municipality}
        </p>
      </div>
    </article>
  );
}
