import {
  clearanceLinesOf,
  formatDate,
  formatRegNo,
  parseVerificationCode,
  type NocVerification,
  type VerifiedNoc,
} from '@puja/domain';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Clearances, t, useDigits, useLocale } from '@puja/web-kit';
import { ContactLink } from '../../../components/contact-link';
import { buttonClass } from '../../../components/button';
import { Card } from '../../../components/card';
import styles from './verify.module.css';

/** The code as the page repeats it: canonical when it reads as one, else as given (cut short). */
function shownCode(given: string): string {
  return parseVerificationCode(given) ?? given.slice(0, 64);
}

/** The result page's frame: the title, the answer, the code asked about, a way to check another. */
export function ResultLayout({ code, children }: { code: string; children: ReactNode }) {
  return (
    <main id="main">
      <Card narrow className={styles.result}>
        <h1>{t('verify.title')}</h1>
        {children}
        <p className={styles.code}>{t('verify.codeShown', { code: shownCode(code) })}</p>
        <Link to="/verify" className={buttonClass('secondary', true)}>
          {t('verify.checkAnother')}
        </Link>
      </Card>
    </main>
  );
}

/** The answer, large enough to read in sunlight: VALID with the certificate's facts, or NOT VALID. */
export function Verdict({ verification }: { verification: NocVerification }) {
  if (!verification.valid) {
    return (
      <div className={`${styles.verdict} ${styles.notValid}`} role="status">
        <p className={styles.state}>
          <span aria-hidden="true">✗ </span>
          {t('verify.notValid')}
        </p>
        <p>{t('verify.notValidText')}</p>
        <ContactLink />
      </div>
    );
  }
  return (
    <>
      <div className={`${styles.verdict} ${styles.valid}`} role="status">
        <p className={styles.state}>
          <span aria-hidden="true">✓ </span>
          {t('verify.valid')}
        </p>
        <p>{t('verify.validText')}</p>
      </div>
      <Facts facts={verification} />
      <VerifiedClearances facts={verification} />
    </>
  );
}

/** The facts printed on the certificate, to compare with the paper. */
function Facts({ facts }: { facts: VerifiedNoc }) {
  const locale = useLocale();
  const digits = useDigits();
  // Reg. No. as the certificate prints it (the memo number, SPEC §9), and the application's own
  // number beside it, as the club's dashboard shows it.
  const rows: [string, string][] = [
    [t('verify.fact.club'), facts.club_name],
    [t('verify.fact.regNo'), digits(facts.memo_number)],
    [t('verify.fact.applicationNo'), digits(facts.reg_no ? formatRegNo(facts.reg_no) : '')],
    [t('verify.fact.memoNo'), digits(facts.memo_number)],
    [t('verify.fact.approvalDate'), formatDate(facts.approval_date, locale)],
    [t('verify.fact.pujaLocation'), facts.puja_location_address],
    [
      t('verify.fact.ward'),
      facts.puja_location_ward_no === null
        ? t('date.notAvailable')
        : digits(String(facts.puja_location_ward_no)),
    ],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || t('date.notAvailable')}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Issue 29: the departments that cleared the certificate and their conditions, as the
 * certificate prints them (a police officer at the pandal reads the conditions here).
 */
function VerifiedClearances({ facts }: { facts: VerifiedNoc }) {
  const locale = useLocale();
  const lines = clearanceLinesOf(facts.clearances, locale);
  if (lines.length === 0) return null;
  return (
    <Clearances
      title={t('certificate.clearancesTitle')}
      clearances={lines}
      headingLevel={2}
      className={styles.clearances}
    />
  );
}
