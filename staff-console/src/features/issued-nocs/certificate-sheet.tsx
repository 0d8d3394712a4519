import type { CertificateLetter, Locale } from '@puja/domain';
import classes from './certificate-sheet.module.css';

/** The copy of the sheets that prints: hidden on screen, the only thing on paper. */
export const PRINT_ROOT_CLASS = 'certificate-print';

/**
 * The certificate's sheets, one A4 page each; a sheet in another language than the page says so
 * (`lang`), for screen readers and the font.
 */
export function CertificateSheets({
  letters,
  locale,
}: {
  letters: readonly { language: Locale; letter: CertificateLetter }[];
  locale: Locale;
}) {
  return (
    <div className={classes.sheets}>
      {letters.map(({ language, letter }) => (
        <CertificateSheet
          key={language}
          letter={letter}
          lang={language === locale ? undefined : language}
        />
      ))}
    </div>
  );
}

/** SPEC §2 certificate print: the chairman's A4 letter, every line from domain. */
function CertificateSheet({
  letter,
  lang,
}: {
  letter: CertificateLetter;
  lang?: string | undefined;
}) {
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
      <p className={classes.signature}>
        {letter.signature}
        <br />
        {letter.municipality}
      </p>
    </article>
  );
}
