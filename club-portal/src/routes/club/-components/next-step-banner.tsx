import { clubBanner, type Application, type ClubBanner } from '@puja/domain';
import { Link } from '@tanstack/react-router';
import { t, useLocale } from '@puja/web-kit';
import { buttonClass } from '../../../components/button';
import { CONTACT_ID } from '../../../components/contact-link';
import { InPageLink } from '../../../components/in-page-link';
import styles from './next-step-banner.module.css';

/** Where an in-page button goes: the acknowledgement's picker, a re-upload, the contact. */
function targetOf(banner: ClubBanner): string | null {
  switch (banner.button?.action) {
    case 'uploadAcknowledgement':
      return 'ack-file';
    case 'reupload':
      return `reupload-${banner.documents[0] ?? ''}`;
    case 'contact':
      return CONTACT_ID;
    default:
      return null;
  }
}

/**
 * The dashboard's first screen (issue 27): what the club must do now, with its button, from
 * domain `clubBanner` (no puja date needed). Nothing without an application: "No Application
 * Found" and its apply button are that screen.
 */
export function NextStepBanner({ application }: { application: Application }) {
  const locale = useLocale();
  const banner = clubBanner(application, locale);
  const target = targetOf(banner);
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
        {t(banner.text.key, banner.text.params)}
      </p>
      {button === null ? null : button.action === 'printCertificate' ? (
        <Link to="/club/print-certificate" className={primary}>
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
