import { accountText, type AccountTextKey } from './account-texts';
import { DEFAULT_LOCALE, formatMessage, type Locale } from './messages';

/**
 * Mails about an account rather than an application (docs/decisions/0028): the link that
 * confirms a registration, the warning to an address that already has an account (a
 * registration never tells whether an address is taken), and the notice that staff released
 * the club's registration.
 */
export type AccountMailKind =
  | 'registrationConfirm'
  | 'registrationAddressTaken'
  | 'clubReleased'
  // Issue 27: an account changing hands (their texts are the account catalogue's).
  | 'emailChangeConfirm'
  | 'emailChanged'
  | 'accountHandedOver'
  | 'accountHandedTo'
  // Issue 26, L4: the link proving an address registered by SMS (the only mail it gets until then).
  | 'emailVerify';

/** The club portal page a confirmation link opens; the token rides in its query string. */
export const REGISTRATION_CONFIRM_PATH = '/confirm-registration';

/**
 * The link a confirmation mail carries: the portal's public address + the confirmation page.
 * @example registrationConfirmLink('https://noc.example.in/', 'abc') // 'https://noc.example.in/confirm-registration?token=abc'
 */
export function registrationConfirmLink(portalUrl: string, token: string): string {
  const base = portalUrl.replace(/\/+$/, '');
  return `${base}${REGISTRATION_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

const KEY_OF_KIND = {
  registrationConfirm: 'registrationMail.confirm',
  registrationAddressTaken: 'registrationMail.addressTaken',
  clubReleased: 'clubMail.released',
} as const;

/** The account catalogue's mails (issue 27): subject and body keys. */
const ACCOUNT_TEXT_OF_KIND = {
  emailChangeConfirm: ['account.mail.confirm.subject', 'account.mail.confirm.body'],
  emailChanged: ['account.mail.changed.subject', 'account.mail.changed.body'],
  accountHandedOver: ['account.mail.handedOver.subject', 'account.mail.handedOver.body'],
  accountHandedTo: ['account.mail.handedTo.subject', 'account.mail.handedTo.body'],
  emailVerify: ['account.mail.verify.subject', 'account.mail.verify.body'],
} as const satisfies Record<
  Exclude<AccountMailKind, keyof typeof KEY_OF_KIND>,
  readonly [AccountTextKey, AccountTextKey]
>;

/** What an account mail says: the club's name, and for each kind its link, hours or reason. */
export interface AccountMailParams {
  club: string;
  /** registrationConfirm: the confirmation link. */
  link?: string;
  /** registrationConfirm: how many hours the link works. */
  hours?: number;
  /** clubReleased, accountHandedOver: why staff did it. */
  reason?: string;
  /** emailChanged, accountHandedOver: the account's new e-mail address. */
  email?: string;
}

/**
 * The subject and plain-text body of an account mail, in the given language; signed like the
 * club mails when sent (signMail).
 * @example renderAccountMail('registrationConfirm', { club: 'Sabuj Sangha', link, hours: 24 }).subject
 *   // 'Confirm the registration of Sabuj Sangha'
 */
export function renderAccountMail(
  kind: AccountMailKind,
  params: AccountMailParams,
  locale: Locale = DEFAULT_LOCALE,
): { subject: string; text: string } {
  const values = {
    club: params.club,
    link: params.link ?? '',
    hours: params.hours ?? 24,
    reason: params.reason ?? '',
    email: params.email ?? '',
  };
  if (kind in ACCOUNT_TEXT_OF_KIND) {
    const [subject, body] = ACCOUNT_TEXT_OF_KIND[kind as keyof typeof ACCOUNT_TEXT_OF_KIND];
    return {
      subject: accountText(subject, values, locale),
      text: accountText(body, values, locale),
    };
  }
  const key = KEY_OF_KIND[kind as keyof typeof KEY_OF_KIND];
  return {
    subject: formatMessage(`${key}.subject`, values, locale),
    text: formatMessage(`${key}.body`, values, locale),
  };
}
