/**
 * The message catalogue: every user-facing string, keyed by meaning. English values are the
 * spec's text verbatim (SPEC §2, §5, §8). Bengali is the same keys in `messages-bn.ts`, loaded on
 * demand (`loadCatalogue('bn')`) so the apps' first load carries English only (decision 0024).
 * `{name}` marks a value filled in by `formatMessage`.
 */
import type { enLater } from './messages-later';

const en = {
  // —— Product ——
  'app.title': 'Puja NOC Portal',
  'app.municipality': 'Municipality',
  'app.loading': 'Loading...',

  // —— Common actions (staff console dialogs and tables) ——
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.delete': 'Delete',
  'common.edit': 'Edit',
  'common.actions': 'Actions',
  'common.number': 'No.',
  'common.confirmTitle': 'Please confirm',

  // —— Review states (SPEC §4) ——
  'status.Approved': 'Approved',
  'status.Rejected': 'Rejected',
  'status.Pending': 'Pending',
  'date.notAvailable': 'N/A',

  // —— Staff: the Seasons screen and the season selector (issue 20, decision 0035) ——
  'nav.seasons': 'Seasons',
  'nav.holidays': 'Holidays',
  'nav.departments': 'Departments',
  'nav.referrals': 'Referrals',
  'nav.appeals': 'Appeals',
  'nav.serviceStandards': 'Service standards',
  'role.system': 'System',
  // —— Public layout and navigation (SPEC §2) ——
  'nav.home': 'Home',
  'nav.dashboard': 'Dashboard',
  'nav.logout': 'Logout',
  'nav.clubLogin': 'Club Login',
  'nav.registerClub': 'Register Club',
  // Issue 27: the club's Account page (hand-over) and the privacy notice.
  'nav.account': 'Account',
  'nav.privacy': 'Privacy notice',
  'nav.club': 'Club',
  'nav.allNocs': 'All NOCs',
  'nav.issuedNocs': 'Issued NOCs',
  'nav.manageUsers': 'Manage Users',
  'nav.documentReview': 'Document Review',
  'nav.chairmanReview': 'Chairman Review',
  'staffPanel.title': '{role} Panel',
  'staffPanel.agency': 'Department Panel',
  'role.admin': 'Admin',
  'role.store': 'Store',
  'role.chairman': 'Chairman',
  'role.agency': 'Department officer',
  'role.appellate': 'Appellate Officer',
  'role.club': 'Club',

  // —— Error and unauthorized pages (SPEC §2, §8) ——
  'unauthorized.title': 'Unauthorized Access',
  'errorPage.title': 'Oops! Sorry, an unexpected error has occurred.',
  'errorPage.goHome': 'Go back Home',
  'errorPage.notFound': 'Not Found',

  // —— Registration (SPEC §2, §5, §8) ——
  'registration.title': 'Club Registration',
  'registration.requiredDocumentsTitle': 'Documents you will need',
  'registration.document.chairmanApplication': 'Chairman Application Copy',
  'registration.document.sdoPermission': "Previous Year's S.D.O. Permission",
  'registration.document.committeeList': 'Puja Committee List',
  'registration.document.budget': 'Puja Budget Document',
  'registration.document.land': 'Land-Related Document (Deed or Agreement)',
  'registration.tutorialVideo': 'Watch the tutorial video',
  'registration.field.club': 'Club Name',
  'registration.field.clubSearchPlaceholder': 'Search your club',
  'registration.field.govtRegisterNo': 'Govt. Registration No. (optional)',
  'registration.field.email': 'Email',
  'registration.field.phone': 'Phone',
  'registration.field.address': 'Full Address',
  'registration.field.wardNo': 'Ward No.',
  'registration.field.password': 'Password',
  'registration.submit': 'Register Now',
  'registration.loginLink': 'Already have an account? Login',
  'registration.selectClub': 'Please select a club from the list.',
  'registration.clubNotFound': 'Club not found. Please contact the authority.',
  'registration.loading': 'Registering club...',
  'registration.success': 'Registration successful! Please login.',
  'registration.alreadyRegistered': 'This club is already registered.',
  'registration.checkEmail':
    'Check your e-mail: we have sent a link to confirm the registration. The club is registered once you open it.',
  'registration.checkEmailTitle': 'Check your e-mail',
  'registration.checkEmailBody':
    'We have sent a confirmation link to {email}. Open it to finish registering {club}: until then the club is not registered.',
  'registration.checkEmailSpam':
    'No mail after a few minutes? Look in the spam folder, or register again with the right address.',
  'registration.confirmTitle': 'Confirm your registration',
  'registration.confirming': 'Confirming your registration...',
  'registration.confirmed': 'Your registration is confirmed. You can now log in.',
  'registration.confirmExpired': 'This confirmation link has expired. Please register again.',
  'registration.confirmInvalid':
    'This confirmation link is not valid. Open the link from your e-mail exactly as it came, or register again.',
  'registration.goToLogin': 'Go to login',
  'registration.registerAgain': 'Register again',
  'registration.unknownError': 'An unknown error occurred.',
  'registration.clubInactive': 'This club is not active. Please contact the authority.',
  // —— Registration confirmed by a code sent by SMS (issue 23, decision 0034) ——
  'registration.checkPhone':
    'We have sent a 6-digit code by SMS to your phone. Enter it to finish the registration.',
  'registration.codeTitle': 'Enter the code from the SMS',
  'registration.codeBody':
    'We have sent a 6-digit code by SMS to {phone}. Enter it to finish registering {club}: until then the club is not registered.',
  'registration.codeField': '6-digit code',
  'registration.codeHint': 'The code works for 10 minutes. You have 5 tries.',
  'registration.codeSubmit': 'Confirm registration',
  'registration.codeChecking': 'Checking the code...',
  'registration.codeFormat': 'Enter the 6-digit code from the SMS.',
  'registration.codeWrong': 'This code is not right.',
  'registration.codeTriesLeft': 'Tries left: {tries}.',
  'registration.codeTooManyTries': 'Too many wrong codes. Ask for a new code.',
  'registration.codeExpired': 'This code has expired. Ask for a new code.',
  'registration.codeResend': 'Send a new code',
  'registration.codeResendIn': 'Send a new code in {seconds} s',
  'registration.codeResending': 'Sending a new code...',
  'registration.codeResent': 'A new code has been sent by SMS.',
  'registration.codeResendWait': 'Please wait a minute before asking for a new code.',
  'registration.codeRateLimited':
    'Too many codes were asked for this number or from this device. Please try again in an hour.',
  'registration.codeUnknown':
    'This registration has expired or is not known. Please register again.',

  // —— Logins (SPEC §2, §5, §8) ——
  'login.title': 'Club Login',
  'login.field.email': 'Email',
  'login.field.password': 'Password',
  'login.submit': 'Login',
  'login.forgotPassword': 'Forgot password',
  'login.registerLink': "Don't have an account? Register Now",
  'login.loading': 'Logging in...',
  'login.success': 'Login successful!',
  'login.failed': 'Login failed.',
  'login.invalidCredentials': 'Invalid email or password.',
  'login.tooManyAttempts': 'Too many login attempts. Please wait a few minutes and try again.',
  'officialLogin.title': 'Official Login',
  'officialLogin.hint': 'This panel is for authorized Admin, Store, and Chairman users only.',

  // —— Forgot password (SPEC §2, §5, §8) ——
  'forgotPassword.title': 'Reset Password',
  'forgotPassword.hint': 'We will send a new password to your e-mail.',
  'forgotPassword.submit': 'Send Password',
  'forgotPassword.emailRequired': 'Please enter your email address.',
  'forgotPassword.sentTitle': 'Request Sent!',
  'forgotPassword.loading': 'Sending password reset request...',
  'forgotPassword.success': 'Password has been sent to your email!',
  'forgotPassword.failed': 'Failed to reset password.',
  'forgotPassword.error': 'An error occurred.',
  'forgotPassword.mailSubject': 'Your new Puja NOC Portal password',
  'forgotPassword.mailBody':
    'A new password was requested for your Puja NOC Portal account.\n\nTemporary password: {password}\n\nIt works once, within one hour. After logging in with it you will choose a new password. Your current password keeps working until then; if you did not ask for this, ignore this e-mail.',

  // —— Change password (own account; forced after a temporary password) ——
  'changePassword.title': 'Change Password',
  'changePassword.hint': 'Please choose a new password before you continue.',
  'changePassword.field.current': 'Current password',
  'changePassword.field.new': 'New password',
  'changePassword.submit': 'Change Password',
  'changePassword.loading': 'Changing password...',
  'changePassword.success': 'Your password has been changed.',
  'changePassword.failed': 'Failed to change password.',
  'changePassword.currentRequired': 'Please enter your current password.',
  'changePassword.currentWrong': 'The current password is not correct.',
  'changePassword.required': 'Please choose a new password before you continue.',

  // —— Generic validation (SPEC §5) ——
  'validation.emailRequired': 'Email is required.',
  'validation.emailInvalid': 'Please enter a valid email address.',
  'validation.passwordRequired': 'Password is required.',
  'validation.phoneRequired': 'Phone is required.',
  'validation.phoneInvalid': 'Please enter a valid phone number.',
  'validation.addressRequired': 'Address is required.',
  'validation.wardRequired': 'Ward No. is required.',
  'validation.wardRange': 'Ward No. must be between 1 and 25.',
  'validation.nameRequired': 'Name is required.',
  'validation.roleRequired': 'Role is required.',
  'validation.roleNotAllowed': 'Only chairman or store users can be created.',
  'validation.clubNameRequired': 'Club name is required.',
  'validation.passwordTooShort': 'Password must be at least 8 characters.',
  'validation.fileHint': 'pdf size max 3mb',
  'validation.fileType': 'Only images (JPEG, PNG, WebP) or PDF files are allowed.',
  'validation.fileTooLarge': 'Each file must be 3 MB or smaller.',
  'validation.fileEmpty': 'The file is empty.',
  'validation.imageTooLarge':
    'This image is too large: at most 12000 pixels on a side and 50 megapixels. Please resize it and upload again.',
  'validation.imageUnreadable': 'This image could not be read. Please save it again and upload it.',
  'validation.pdfActiveContent':
    'This PDF contains scripts, attached files or automatic actions, which are not allowed. Please print it to a new PDF (or scan the paper) and upload that.',
  'validation.pdfUnreadable':
    'This PDF could not be read: it may be damaged, password-protected or too complex. Please save or scan it again and upload the new file.',
  'validation.invalidRequest': 'The request is not valid.',
  'validation.textTooLong': 'A field is too long.',

  // —— Club portal: shell, forms and uploads (issue 8) ——
  'app.close': 'Close',
  'nav.menu': 'Menu',
  'nav.skipToContent': 'Skip to main content',
  'language.label': 'Language',
  'form.selectWard': 'Select ward',
  // —— Issue 27: hints, page titles, the reload notice, logout with unsaved edits, dates ——
  'form.hint.phone': '10-digit mobile number, e.g. 98300 12345',
  'form.hint.password': 'At least {count} characters',
  'app.pageTitle': '{page} — {app}',
  'pageTitle.applyNoc': 'Apply for NOC',
  'pageTitle.printAcknowledgement': 'Print acknowledgement',
  'pageTitle.printCertificate': 'Print certificate',
  'pageTitle.application': 'Application {number}',
  'logout.unsaved.title': 'Log out before submitting?',
  'logout.unsaved.body':
    'Your application is not submitted yet. Logging out removes what you typed and the documents you chose from this phone.',
  'logout.unsaved.confirm': 'Log out and remove it',
  'logout.unsaved.stay': 'Stay on the form',
  'date.placeholder': 'dd/mm/yyyy',

  // —— The club dashboard's next step and the municipality's contact (issue 27) ——
  'contact.title': 'Contact {municipality}',
  'contact.office': 'Office',
  'contact.phone': 'Phone',
  'contact.email': 'E-mail',
  'contact.hours': 'Hours',
  'contact.link': 'Contact the municipality',
  'standards.link': 'Service standards',

  // —— Data grid (mantine-react-table's own words, staff console) ——
  'table.rowsPerPage': 'Rows per page',
  'table.of': 'of',
  'table.rowNumber': '#',
  'table.goToFirstPage': 'Go to first page',
  'table.goToPreviousPage': 'Go to previous page',
  'table.goToNextPage': 'Go to next page',
  'table.goToLastPage': 'Go to last page',
  'table.sortByColumnAsc': 'Sort by {column} ascending',
  'table.sortByColumnDesc': 'Sort by {column} descending',
  'table.sortedByColumnAsc': 'Sorted by {column} ascending',
  'table.sortedByColumnDesc': 'Sorted by {column} descending',
  'table.clearSort': 'Clear sort',
  'table.noRecords': 'No records to display',
  // —— Forms that show every problem at once (issue 22, decision 0032) ——
  'form.errorSummaryTitle': 'There is a problem',

  // —— Sessions and access (SPEC §6) ——
  'auth.required': 'Please log in to continue.',
  'auth.sessionExpired': 'Your session has expired. Please log in again.',
  'auth.forbidden': 'You are not allowed to do this.',
  'auth.notYourApplication': 'You can only access your own application.',
  'auth.loggedOut': 'You have been logged out.',

  // —— Server-wide ——
  'server.error': 'Something went wrong. Please try again.',
  'server.notFound': 'Not found.',
  'server.tooLarge': 'The upload is too large.',
  'server.rateLimited': 'Too many requests. Please wait a moment and try again.',
  'server.pdfChecksBusy':
    'The server is busy checking documents. Your files are safe; please send again in a moment.',
  'server.busy': 'The portal is busy. Please try again in a moment.',
  'server.fileLinkInvalid': 'This document link is invalid or has expired.',

  // —— SMS to clubs and phone numbers (issue 23) ——
  'validation.mobileInvalid':
    'Please enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
  'sms.resend': 'Resend last SMS',
  'sms.resendLoading': 'Sending the SMS again...',
  'sms.resendQueued': "The last SMS will be sent again to the club's phone.",
  'sms.nothingToResend':
    'This application has no SMS to send again, or its club has no mobile number.',
  'sms.resendTooSoon':
    "This application's SMS was sent again less than 10 minutes ago. Please try again later.",
  'sms.resendDailyLimit':
    "This application's SMS has been sent again five times in the last 24 hours. Please try again later.",
  'sms.resendPastSeason':
    'This application belongs to a past season: its SMS cannot be sent again.',
  'sms.resendStale':
    'The application has changed since its last SMS, so that SMS is no longer true and is not sent again.',
  'sms.resendFailed': 'Failed to send the SMS again.',
  'forgotPassword.sentByPhone':
    "If this mobile number belongs to a club account, a new password has been sent to it by SMS (or to the account's e-mail while the number is not verified).",
  'forgotPassword.hintPhone':
    'Enter your e-mail or your registered mobile number. We will send a new password by SMS to a verified mobile number, otherwise to your e-mail.',
  'forgotPassword.field.login': 'Email or mobile number',

  // —— Runtime configuration of the apps (config.json next to index.html) ——
  'config.unavailableTitle': 'The portal cannot start',
  'config.missing':
    'Its configuration file (config.json) could not be loaded. Please try again later or contact the municipality.',
  'config.invalid':
    'Its configuration file (config.json) is not valid: {problem}. Please contact the municipality.',
  'config.retry': 'Try again',
} as const;

/** The later screens' English (`messages-later.ts`), by type only: no byte of it here. */
type LaterTexts = typeof enLater;

export type MessageKey = keyof typeof en | keyof LaterTexts;
/** A full table of messages for one language. */
export type Catalogue = Readonly<Record<MessageKey, string>>;

/** The portal's languages: English (the spec's text) and Bengali (বাংলা). */
export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, as the language switch shows it (never translated). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', bn: 'বাংলা' };

/**
 * The BCP 47 tag `Intl` formats dates and numbers with: Indian English (day/month/year, lakh
 * grouping) and Indian Bengali (Bengali digits). `<html lang>` takes the locale itself.
 */
export const INTL_TAGS: Readonly<Record<Locale, string>> = { en: 'en-IN', bn: 'bn-IN' };

/**
 * Whether a value names one of the portal's languages (for stored choices and headers).
 * @example isLocale('bn') // true; isLocale('fr') // false
 */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * English as far as loaded: the first screens' texts at once, the later screens' once
 * `loadLaterTexts` resolved (issue 28: the login pages' first load carries only theirs).
 */
const english: Record<string, string> = { ...en };

/** The tables loaded so far; English always (see `english`), Bengali once loaded. */
const loaded: Partial<Record<Locale, Readonly<Record<string, string>>>> = { en: english };

/** English, the spec's text: complete once `loadLaterTexts` (or `loadCatalogue`) resolved. */
export const messages: Readonly<{ en: Catalogue }> = { en: english as Catalogue };

let later: Promise<void> | null = null;

/**
 * Loads the later screens' English (a separate chunk in the apps' builds) once; every screen
 * but the login waits for it, the login starts it.
 * @example await loadLaterTexts(); formatMessage('seasons.title') // 'Seasons'
 */
export function loadLaterTexts(): Promise<void> {
  later ??= import('./messages-later').then(({ enLater }) => {
    Object.assign(english, enLater);
  });
  return later;
}

/**
 * Loads a language's table (a separate chunk in the apps' builds) with the later screens'
 * English.
 * @example await loadCatalogue('bn'); formatMessage('nav.logout', {}, 'bn') // 'লগআউট'
 */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  await loadLaterTexts();
  if (locale === 'en') return english as Catalogue;
  const ready = loaded[locale];
  if (ready) return ready as Catalogue;
  const { bn } = await import('./messages-bn');
  loaded.bn = bn;
  return bn;
}

/**
 * Every language's table with all of English, loaded once: what a process that writes mail or
 * SMS (the server at start, its command-line tasks) waits for before its first text.
 * @example await loadAllCatalogues(); formatMessage('due.digest.subject', { count: 2 }) // 'Overdue Durga Puja NOC steps: 2'
 */
export async function loadAllCatalogues(): Promise<void> {
  await Promise.all(LOCALES.map((locale) => loadCatalogue(locale)));
}

const integerFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A number as the language writes it, without grouping (years, ward numbers, small counts):
 * Latin digits in English, Bengali digits in Bengali.
 * @example formatNumber(2025, 'bn') // '২০২৫'; formatNumber(25) // '25'
 */
export function formatNumber(value: number, locale: Locale = DEFAULT_LOCALE): string {
  let format = integerFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { useGrouping: false });
    integerFormats.set(locale, format);
  }
  return format.format(value);
}

const BENGALI_ZERO = 0x09e6;

/**
 * A text with its Latin digits written in the language's digits, for numbers that are text
 * (application and reg. numbers, memo numbers), so one screen never mixes two digit systems
 * (issue 22); English, and every other character, unchanged. Not for what people type back
 * (verification codes, e-mail addresses).
 * @example localiseDigits('13/DURGAPUJA/2025', 'bn') // '১৩/DURGAPUJA/২০২৫'; localiseDigits('13') // '13'
 */
export function localiseDigits(text: string, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === 'en') return text;
  return text.replace(/[0-9]/g, (digit) =>
    String.fromCharCode(BENGALI_ZERO + digit.charCodeAt(0) - 48),
  );
}

/**
 * The text for a key in a language (English while that language's table is not loaded), with
 * `{name}` placeholders filled in. Number values are written in the language's digits; text
 * values (names, memo and phone numbers) stay exactly as given.
 * @example formatMessage('applyNoc.title', { year: 2025 }) // 'Apply for NOC Durga puja 2025'
 */
export function formatMessage(
  key: MessageKey,
  params: Readonly<Record<string, string | number>> = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  // A key of a table not loaded yet shows its English, or the key itself.
  const text = loaded[locale]?.[key] ?? english[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'number' ? formatNumber(value, locale) : String(value);
  });
}

/**
 * Whether a string is a known message key (for keys that cross the wire).
 * @example isMessageKey('login.failed') // true; isMessageKey('toString') // false
 */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(english, value);
}
