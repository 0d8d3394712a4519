import type { CertificateLetter, CertificateVerification } from '@puja/domain';
import { QrCode } from '../../components/qr-code';
import { t } from '../../lib/t';
import classes from './certificate-sheet.module.css';

/** SPEC §2 certificate print: the chairman's A4 letter, every line from domain. */
export function CertificateSheet({
  letter,
  verification,
}: {
  letter: CertificateLetter;
  /** Issue 12: the QR code of the public verification page and the code under it. */
  verification: CertificateVerification | null;
}) {
  return (
    <article className={classes.sheet} aria-label={letter.title} data-certificate-sheet>
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
