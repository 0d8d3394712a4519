/**
 * Someone to call (issue 27): the municipality's name and how to reach it, from the apps'
 * runtime config.json and the server's environment. The club portal's footer shows it, every
 * "contact the municipality" message links to it, and every mail to a club ends with it.
 */
import {
  DEFAULT_LOCALE,
  formatMessage,
  localiseDigits,
  type Locale,
  type MessageKey,
} from './messages';

/** The municipality and its contact; each detail optional (unset: not shown). */
export interface MunicipalityContact {
  /** The municipality's name, e.g. "Bally Municipality". */
  name: string;
  /** The office that answers clubs, e.g. "Puja Cell, Ground Floor, Town Hall". */
  office?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  /** When the office answers, e.g. "Mon–Fri 10:30–17:00". */
  hours?: string | undefined;
}

/** The details of a contact in the order they are shown, with their labels. */
export const CONTACT_DETAILS = ['office', 'phone', 'email', 'hours'] as const;
export type ContactDetail = (typeof CONTACT_DETAILS)[number];

const LABEL: Readonly<Record<ContactDetail, MessageKey>> = {
  office: 'contact.office',
  phone: 'contact.phone',
  email: 'contact.email',
  hours: 'contact.hours',
};

/**
 * The contact's details that are set (trimmed, blanks dropped), in order, each with its label,
 * its value as configured (what a `tel:` or `mailto:` link takes) and its text as shown in
 * `locale`: in বাংলা the office, phone and hours in Bengali digits, like every number beside
 * them (one script of digits per screen); an e-mail address stays as it is typed.
 * @example contactDetails({ name: 'Bally', phone: ' 033 2654 0000 ' }, 'bn') // [{ detail: 'phone', label: 'contact.phone', value: '033 2654 0000', shown: '০৩৩ ২৬৫৪ ০০০০' }]
 */
export function contactDetails(
  contact: MunicipalityContact | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): Array<{ detail: ContactDetail; label: MessageKey; value: string; shown: string }> {
  if (!contact) return [];
  return CONTACT_DETAILS.flatMap((detail) => {
    const value = contact[detail]?.trim() ?? '';
    if (value === '') return [];
    const shown = detail === 'email' ? value : localiseDigits(value, locale);
    return [{ detail, label: LABEL[detail], value, shown }];
  });
}

/**
 * The link a phone number dials (`tel:`): its digits and a leading +, nothing else.
 * @example telLink('+91 33 2654-0000') // 'tel:+913326540000'
 */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')}`;
}

/**
 * A mail to a club as it is sent: its text, then who sent it (the municipality by name, never
 * "your municipality") and how to reach it, in the mail's language.
 * @example signMail('Dear Sree Sangha, …', { name: 'Bally Municipality', phone: '033 2654 0000' })
 *   // 'Dear Sree Sangha, …\n\nThis is an automatic message from the Puja NOC Portal of Bally
 *   //  Municipality. Please do not reply to it.\nContact Bally Municipality:\nPhone: 033 2654 0000'
 */
export function signMail(
  text: string,
  contact: MunicipalityContact,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const municipality = contact.name.trim();
  const lines = [formatMessage('clubMail.signature', { municipality }, locale)];
  const details = contactDetails(contact);
  if (details.length > 0) {
    lines.push(`${formatMessage('contact.title', { municipality }, locale)}:`);
    // As configured, Latin digits even in বাংলা: a mail reader makes a number in them a link to
    // call (on screen the footer's link dials it whatever digits it shows).
    for (const { label, value } of details) {
      lines.push(`${formatMessage(label, {}, locale)}: ${value}`);
    }
  }
  return `${text}\n\n${lines.join('\n')}`;
}

/**
 * The messages that send a club to the municipality (issue 27): each is shown with a link to
 * its contact. Their spec texts stay exactly as they are; the link goes beside them.
 */
export const CONTACT_MESSAGES = [
  'registration.clubNotFound',
  'registration.clubInactive',
  'registration.alreadyRegistered',
  'applyNoc.clubInactive',
  'clock.todo.refused',
  'verify.notValidText',
] as const satisfies readonly MessageKey[];

/**
 * Whether a text on screen is one of the messages that send the club to the municipality, in
 * the language shown (a server's key arrives as its catalogue text).
 * @example asksToContact('Club not found. Please contact the authority.') // true
 */
export function asksToContact(
  text: string | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): boolean {
  if (!text) return false;
  return CONTACT_MESSAGES.some((key) => formatMessage(key, {}, locale) === text);
}
