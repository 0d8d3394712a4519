import type { CertificateLetter, CertificateVerification, Locale } from '@puja/domain';
import { A4Sheet } from './a4-sheet';
import { QrCode } from './qr-code';
import { t } from './t';
import styles from './certificate-sheet.module.css';

/**
 * SPEC §2 certificate print: the chairman's letter on one A4 sheet, every line from domain's
 * `certificateLetter`; `lang` marks a sheet in another language than the page.
 */
export function CertificateSheet({
  letter,
  verification,
  lang,
}: {
  letter: CertificateLetter;
  /** Issue 12: the QR code of the public verification page and the code under it. */
  verification: CertificateVerification | null;
  lang?: Locale | undefined;
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
