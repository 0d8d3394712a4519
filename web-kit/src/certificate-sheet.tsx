import type {
  CertificateLetter,
  CertificateVerification,
  ClearanceLine,
  Locale,
} from '@puja/domain';
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
        {letter.clearancesTitle !== null && letter.clearances.length > 0 ? (
          <Clearances title={letter.clearancesTitle} clearances={letter.clearances} />
        ) : null}
        {/* Issue 29: omitted once the police, the fire service and the S.D.O. all cleared it. */}
        {letter.otherPermissions !== null ? <p>{letter.otherPermissions}</p> : null}
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

/**
 * Issue 29: each department's clearance (its reference no. and date in words) and its
 * conditions, as the verification page shows them too.
 */
export function Clearances({
  title,
  clearances,
  headingLevel = 3,
  className,
}: {
  title: string;
  clearances: readonly ClearanceLine[];
  /** The heading's level where the list sits (the letter: 3, under its title). */
  headingLevel?: 2 | 3;
  /** The section's look on a screen (the letter's is small, to keep to one A4 page). */
  className?: string | undefined;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={className ?? styles.clearances} aria-label={title}>
      <Heading className={styles.clearancesTitle}>{title}</Heading>
      <ul className={styles.clearanceList}>
        {clearances.map((clearance) => (
          <li key={clearance.department}>
            {clearance.text}
            {clearance.conditionsTitle !== null ? (
              <>
                <br />
                <span>{clearance.conditionsTitle}</span>
                <ul className={styles.clearanceConditions}>
                  {clearance.conditions.map((condition, index) => (
                    <li key={index}>{condition}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
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
