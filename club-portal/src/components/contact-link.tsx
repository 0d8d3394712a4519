import { asksToContact, contactDetails } from '@puja/domain';
import { t, useLocale } from '@puja/web-kit';
import { municipalityContact } from '../lib/app-config';
import { InPageLink } from './in-page-link';

/** The id of the footer's contact (routes/-components/footer.tsx). */
export const CONTACT_ID = 'contact';

/**
 * "Contact the municipality", to the footer's contact (issue 27): beside every message
 * that sends the club to the municipality; nothing when config.json names no contact detail.
 */
export function ContactLink({
  className,
  beside,
}: {
  className?: string;
  /** Shown only when one of these texts (an error summary's) sends the club to the municipality. */
  beside?: ReadonlyArray<{ text: string }>;
}) {
  const locale = useLocale();
  if (contactDetails(municipalityContact()).length === 0) return null;
  if (beside && !beside.some((entry) => asksToContact(entry.text, locale))) return null;
  return (
    <p className={className}>
      <InPageLink target={CONTACT_ID}>{t('contact.link')}</InPageLink>
    </p>
  );
}
