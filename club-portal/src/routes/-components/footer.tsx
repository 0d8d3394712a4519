import { contactDetails, telLink, type ContactDetail } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import type { ReactNode } from 'react';
import { CONTACT_ID } from '../../components/contact-link';
import { municipalityContact } from '../../lib/app-config';
import styles from './footer.module.css';

/**
 * A detail as it reads (`shown`: in the language's digits): the phone dials the number as
 * configured, the e-mail opens a mail, the rest is text.
 */
function detailValue(detail: ContactDetail, value: string, shown: string): ReactNode {
  if (detail === 'phone') return <a href={telLink(value)}>{shown}</a>;
  if (detail === 'email') return <a href={`mailto:${value}`}>{shown}</a>;
  return shown;
}

/**
 * More links of the footer (the privacy notice, …), each a catalogue key and an address:
 * add them here; the list shows under the contact once it holds one.
 */
const FOOTER_LINKS: ReadonlyArray<{ key: Parameters<typeof t>[0]; href: string }> = [
  { key: 'nav.privacy', href: '/privacy' },
  // Issue 30: the citizen's charter (service standards), public.
  { key: 'standards.link', href: '/service-standards' },
];

/**
 * Every page's footer (issue 27, "someone to call"): the municipality's name and its contact
 * from config.json (office, phone, e-mail, hours; each only when set), then the footer links.
 * Loaded after the page (routes/__root.tsx), so it costs /login's first load nothing.
 */
export default function Footer() {
  const locale = useLocale();
  const contact = municipalityContact();
  const details = contactDetails(contact, locale);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section id={CONTACT_ID} aria-labelledby="contact-title" tabIndex={-1}>
          <h2 id="contact-title" className={styles.title}>
            {t('contact.title', { municipality: contact.name || t('app.municipality') })}
          </h2>
          {details.length > 0 ? (
            <dl className={styles.details}>
              {details.map(({ detail, label, value, shown }) => (
                <div key={detail}>
                  <dt>{t(label)}</dt>
                  <dd>{detailValue(detail, value, shown)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>
        {FOOTER_LINKS.length > 0 ? (
          <ul className={styles.links}>
            {FOOTER_LINKS.map(({ key, href }) => (
              <li key={href}>
                <a href={href}>{t(key)}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
