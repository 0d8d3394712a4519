import { clubNextStep, seasonYearOf, type Application, type ClubBanner } from '@puja/domain';
import { Link } from '@tanstack/react-router';
import { t, useLocale } from '@puja/web-kit';
import { buttonClass } from '../../../components/button';
import { CONTACT_ID } from '../../../components/contact-link';
import { InPageLink } from '../../../components/in-page-link';
import { idScope } from './id-scope';
import { appealButtonId } from './appeals';
import { answerFieldId } from './other-departments';
import styles from './next-step-banner.module.css';

/**
 * Where an in-page button goes: the acknowledgement's picker, an objection's answer (issue 29),
 * a re-upload (of the application the banner speaks of: `scope`, see idScope), the Appeal card's
 * button for the final rejection (issue 30), the contact.
 */
function targetOf(banner: ClubBanner, scope: string): string | null {
  switch (banner.button?.action) {
    case 'uploadAcknowledgement':
      return `ack-file${scope}`;
    case 'reupload':
      return `reupload-${banner.documents[0] ?? ''}${scope}`;
    case 'answerObjection':
      return answerFieldId(banner.referrals[0] ?? 0, scope);
    case 'appeal':
      return appealButtonId({ ground: 'finalRejected', referral_id: null });
    case 'contact':
      return CONTACT_ID;
    default:
      return null;
  }
}

/**
 * The dashboard's first screen (issue 27): what the club must do now, with its button, from
 * domain `clubNextStep` (no puja date needed): of this season's application and the `earlier`
 * ones still under review, the one that needs the club first, named by its season when it is
 * an earlier one. Nothing without an application: "No Application Found" and its apply button
 * are that screen.
 */
export function NextStepBanner({
  application,
  earlier = [],
}: {
  application: Application;
  earlier?: readonly Application[];
}) {
  const locale = useLocale();
  const step = clubNextStep([application, ...earlier], locale);
  if (step === null) return null;
  const { banner } = step;
  const isEarlier = step.application !== application;
  const year = seasonYearOf(step.application);
  const target = targetOf(banner, idScope(step.application, isEarlier));
  const button = banner.button;
  const primary = buttonClass(banner.tone === 'problem' ? 'secondary' : 'primary');
  return (
    <section
      className={`${styles.banner} ${styles[banner.tone] ?? ''}`}
      aria-labelledby="next-step-text"
      data-testid="next-step"
    >
      {/* Not a heading: the banner sits above the page's h1. */}
      <p className={styles.label}>{t('banner.label')}</p>
      <p id="next-step-text" className={styles.text}>
        {isEarlier ? `${t('seasons.pastApplication', { year })}: ` : null}
        {t(banner.text.key, banner.text.params)}
      </p>
      {button === null ? null : button.action === 'printCertificate' ? (
        <Link to="/club/print-certificate" search={isEarlier ? { year } : {}} className={primary}>
          {t(button.key)}
        </Link>
      ) : target !== null ? (
        <InPageLink target={target} className={primary}>
          {t(button.key)}
        </InPageLink>
      ) : null}
    </section>
  );
}
