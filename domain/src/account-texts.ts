import { DEFAULT_LOCALE, formatNumber, type Locale } from './messages';

/**
 * The texts of a club account's hand-over (issue 27): the club portal's Account and Privacy
 * pages, the registration's "already registered" note, the staff hand-over dialog, the server's
 * answers and the mails. A catalogue of its own, both languages side by side (a test checks
 * every key and placeholder in both), so that only the pages that show them carry them: the
 * club's first load (the shell with the English catalogue) stays within its budget (decision
 * 0037). Server answers name these keys as `code` like any other.
 */
const en = {
  // —— Account page ——
  'account.title': 'Account',
  'account.intro':
    'Hand the club account over to the new secretary here: change the e-mail address, the mobile number and the password.',
  'account.current': 'Now: {value}',
  'account.currentPassword': 'Your current password',
  'account.currentPasswordHint': 'Asked again before the account changes hands.',
  'account.email.title': 'E-mail address',
  'account.email.field': 'New e-mail address',
  'account.email.submit': 'Send confirmation link',
  'account.email.sending': 'Sending the link...',
  'account.email.sent':
    'We sent a link to {email}. The new address takes over when the link is opened; until then the old one stays.',
  'account.email.pending': 'Waiting for confirmation: {email}',
  'account.email.same': 'This is already the account’s e-mail address.',
  'account.email.linkSent': 'We sent a confirmation link to the new e-mail address.',
  // Issue 26, L4: an address registered by SMS, not yet proved by the link mailed to it.
  'account.email.unverified': 'E-mail not yet confirmed',
  'account.email.unverifiedHint':
    'We mailed a link to {email}. Open it to confirm the address: until then the portal mails nothing else to it (SMS still come).',
  'account.email.resend': 'Send the link again',
  'account.email.resent': 'We sent the link again to {email}. It works for {hours} hours.',
  'account.phone.title': 'Mobile number',
  'account.phone.field': 'New mobile number',
  'account.phone.hint': '10-digit mobile number',
  'account.phone.submit': 'Change mobile number',
  'account.phone.sendCode': 'Send code by SMS',
  'account.phone.codeSentShort': 'A code has been sent by SMS to the new number.',
  'account.phone.codeSent': 'We sent a 6-digit code to {phone}. It works for 10 minutes.',
  'account.phone.confirm': 'Confirm mobile number',
  'account.phone.changed': 'The mobile number has been changed.',
  'account.phone.same': 'This is already the account’s mobile number.',
  'account.phone.noChange': 'There is no mobile number waiting for its code. Send a new code.',
  'account.password.title': 'Password',
  'account.password.link': 'Change password',
  'account.failed': 'Could not change the account. Please try again.',

  // —— The link mailed to the new address ——
  'account.confirmEmail.title': 'Confirm the new e-mail address',
  'account.confirmEmail.checking': 'Confirming...',
  'account.confirmEmail.confirmed': 'The new e-mail address is confirmed.',
  'account.confirmEmail.done':
    'The e-mail address of {club} is now {email}. Log in with it from now on.',
  'account.confirmEmail.invalid': 'This link is not valid. Please ask for the change again.',
  'account.confirmEmail.expired': 'This link has expired. Please ask for the change again.',

  // —— The link that proves an address registered by SMS (issue 26, L4) ——
  'account.verifyEmail.title': 'Confirm the e-mail address',
  'account.verifyEmail.confirmed': 'The e-mail address is confirmed.',
  'account.verifyEmail.done':
    'The e-mail address {email} of {club} is confirmed. The portal’s mails now come to it.',
  'account.verifyEmail.invalid':
    'This link is not valid. Log in and send the link again from the Account page.',
  'account.verifyEmail.expired':
    'This link has expired. Log in and send the link again from the Account page.',
  'account.verifyEmail.already': 'The e-mail address is already confirmed.',
  'account.verifyEmail.sent': 'We sent the link again to the account’s e-mail address.',
  'account.verifyEmail.wait': 'A link was sent less than a minute ago. Please wait a little.',

  // —— Registration: a club that already has an account ——
  'account.registeredMark': 'registered — contact the municipality to take it over',
  'account.registeredNote':
    '{club} is already registered. If the account belongs to last year’s secretary, ask them to hand it over from their Account page, or contact the municipality to take it over.',
  'account.contactLink': 'Contact the municipality',

  // —— Staff: hand-over ——
  'account.handOver': 'Hand over',
  'account.handOverTitle': 'Hand over the account of {club}',
  'account.handOverExplain':
    'The account’s e-mail becomes the new address; the old holder can no longer log in and is told by mail. The new holder logs in by asking for a temporary password (Forgot password) with the new address.',
  'account.handOverEmail': 'New e-mail address',
  'account.handOverReason': 'Reason',
  'account.handOverLoading': 'Handing over the account...',
  'account.handOverSuccess': 'The account has been handed over.',
  'account.handOverFailed': 'Could not hand over the account.',
  'account.handOverNoAccount': 'This club has no account to hand over.',

  // —— Mails ——
  'account.mail.confirm.subject': 'Confirm the new e-mail address of {club}',
  'account.mail.confirm.body':
    'The club account of {club} asked to use this e-mail address from now on.\n\nOpen this link to confirm it (it works for {hours} hours):\n{link}\n\nIf you did not ask for this, ignore this mail: nothing changes.',
  'account.mail.changed.subject': 'The e-mail address of {club} was changed',
  'account.mail.changed.body':
    'The club account of {club} now uses the e-mail address {email}. This address no longer logs in.\n\nIf you did not do this, contact the municipality at once.',
  'account.mail.handedOver.subject': 'The account of {club} was handed over',
  'account.mail.handedOver.body':
    'The municipality handed the club account of {club} over to {email}. This address no longer logs in.\n\nReason: {reason}',
  'account.mail.handedTo.subject': 'The account of {club} is now yours',
  'account.mail.handedTo.body':
    'The municipality handed the club account of {club} over to this e-mail address.\n\nTo log in, open {link}, choose "Forgot password" and enter this address: a temporary password will be mailed to you. Then choose your own password.',
  'account.mail.verify.subject': 'Confirm the e-mail address of {club}',
  'account.mail.verify.body':
    'The club account of {club} was registered on the Puja NOC Portal with this e-mail address.\n\nOpen this link to confirm that it is yours (it works for {hours} hours):\n{link}\n\nUntil then the portal mails nothing else to this address. If you did not register, ignore this mail.',

  // —— Privacy notice (DPDP Act 2023, s. 5) ——
  'account.privacy.title': 'Privacy notice',
  'account.privacy.intro':
    'This notice tells you what the Puja NOC Portal of {municipality} keeps about your club and about you, why, for how long, who sees it and whom to write to (Digital Personal Data Protection Act, 2023, section 5).',
  'account.privacy.keepTitle': 'What the portal keeps',
  'account.privacy.keep':
    'The club’s name, registration number, address and ward; the account’s e-mail address and mobile number; the names and phone numbers of the club’s and the puja committee’s president and secretary; the puja’s place; the documents you upload; and a record of who did what and when (logins, reviews, decisions, mails and SMS sent).',
  'account.privacy.whyTitle': 'Why',
  'account.privacy.why':
    'Only to register the club, decide its application for the Durga Puja NOC, send you e-mails and SMS about it, print and verify the certificate and keep the municipality’s records. Nothing is sold or used for advertising.',
  'account.privacy.howLongTitle': 'For how long',
  'account.privacy.howLong':
    'Uploaded documents are kept for {seasons} seasons (the current one included) and then deleted. The facts of each application and certificate (numbers, dates, decisions) stay in the municipality’s records. The account stays until it is released or you ask for it to be closed.',
  'account.privacy.whoTitle': 'Who sees it',
  'account.privacy.who':
    'The municipality’s staff who review applications (store, chairman, administrator). Anyone with a certificate’s verification code sees only what is printed on that certificate. Mails and SMS go through the municipality’s mail and SMS providers.',
  'account.privacy.rightsTitle': 'Your rights and whom to write to',
  'account.privacy.rights':
    'You may ask to see, correct or erase your data, or withdraw your consent, by writing to the grievance officer: {contact}. If the answer does not satisfy you, you may complain to the Data Protection Board of India.',
  'account.privacy.version': 'Version {version}',
  'account.privacy.atRegistration':
    'By registering you agree that the portal keeps the details below for the NOC. Read the privacy notice:',
} as const;

/** A text of the account catalogue. */
export type AccountTextKey = keyof typeof en;

const bn: Readonly<Record<AccountTextKey, string>> = {
  'account.title': 'অ্যাকাউন্ট',
  'account.intro':
    'নতুন সম্পাদককে ক্লাবের অ্যাকাউন্ট এখান থেকে হস্তান্তর করুন: ই-মেল ঠিকানা, মোবাইল নম্বর ও পাসওয়ার্ড বদলান।',
  'account.current': 'এখন: {value}',
  'account.currentPassword': 'আপনার বর্তমান পাসওয়ার্ড',
  'account.currentPasswordHint': 'অ্যাকাউন্ট হাতবদলের আগে আবার চাওয়া হয়।',
  'account.email.title': 'ই-মেল ঠিকানা',
  'account.email.field': 'নতুন ই-মেল ঠিকানা',
  'account.email.submit': 'নিশ্চিত করার লিঙ্ক পাঠান',
  'account.email.sending': 'লিঙ্ক পাঠানো হচ্ছে...',
  'account.email.sent':
    '{email} ঠিকানায় একটি লিঙ্ক পাঠানো হয়েছে। লিঙ্কটি খুললে নতুন ঠিকানা চালু হবে; ততক্ষণ পুরনো ঠিকানাই থাকবে।',
  'account.email.pending': 'নিশ্চিত হওয়ার অপেক্ষায়: {email}',
  'account.email.same': 'এটিই অ্যাকাউন্টের বর্তমান ই-মেল ঠিকানা।',
  'account.email.linkSent': 'নতুন ই-মেল ঠিকানায় নিশ্চিত করার লিঙ্ক পাঠানো হয়েছে।',
  'account.email.unverified': 'ই-মেল এখনও নিশ্চিত হয়নি',
  'account.email.unverifiedHint':
    '{email} ঠিকানায় একটি লিঙ্ক পাঠানো হয়েছে। ঠিকানাটি নিশ্চিত করতে লিঙ্কটি খুলুন: ততক্ষণ পোর্টাল এই ঠিকানায় আর কোনো মেল পাঠাবে না (এসএমএস আসতে থাকবে)।',
  'account.email.resend': 'লিঙ্কটি আবার পাঠান',
  'account.email.resent': '{email} ঠিকানায় লিঙ্কটি আবার পাঠানো হয়েছে। লিঙ্কটি {hours} ঘণ্টা চলবে।',
  'account.phone.title': 'মোবাইল নম্বর',
  'account.phone.field': 'নতুন মোবাইল নম্বর',
  'account.phone.hint': '১০ অঙ্কের মোবাইল নম্বর',
  'account.phone.submit': 'মোবাইল নম্বর বদলান',
  'account.phone.sendCode': 'এসএমএসে কোড পাঠান',
  'account.phone.codeSentShort': 'নতুন নম্বরে এসএমএসে একটি কোড পাঠানো হয়েছে।',
  'account.phone.codeSent': '{phone} নম্বরে ৬ অঙ্কের একটি কোড পাঠানো হয়েছে। কোডটি ১০ মিনিট চলবে।',
  'account.phone.confirm': 'মোবাইল নম্বর নিশ্চিত করুন',
  'account.phone.changed': 'মোবাইল নম্বর বদলানো হয়েছে।',
  'account.phone.same': 'এটিই অ্যাকাউন্টের বর্তমান মোবাইল নম্বর।',
  'account.phone.noChange': 'কোনো মোবাইল নম্বর কোডের অপেক্ষায় নেই। নতুন কোড পাঠান।',
  'account.password.title': 'পাসওয়ার্ড',
  'account.password.link': 'পাসওয়ার্ড বদলান',
  'account.failed': 'অ্যাকাউন্ট বদলানো গেল না। আবার চেষ্টা করুন।',

  'account.confirmEmail.title': 'নতুন ই-মেল ঠিকানা নিশ্চিত করুন',
  'account.confirmEmail.checking': 'নিশ্চিত করা হচ্ছে...',
  'account.confirmEmail.confirmed': 'নতুন ই-মেল ঠিকানা নিশ্চিত হয়েছে।',
  'account.confirmEmail.done':
    '{club}-এর ই-মেল ঠিকানা এখন {email}। এখন থেকে এই ঠিকানা দিয়ে লগইন করুন।',
  'account.confirmEmail.invalid': 'এই লিঙ্কটি বৈধ নয়। আবার বদলের অনুরোধ করুন।',
  'account.confirmEmail.expired': 'এই লিঙ্কের মেয়াদ শেষ। আবার বদলের অনুরোধ করুন।',

  'account.verifyEmail.title': 'ই-মেল ঠিকানা নিশ্চিত করুন',
  'account.verifyEmail.confirmed': 'ই-মেল ঠিকানা নিশ্চিত হয়েছে।',
  'account.verifyEmail.done':
    '{club}-এর ই-মেল ঠিকানা {email} নিশ্চিত হয়েছে। পোর্টালের মেল এখন থেকে এই ঠিকানায় আসবে।',
  'account.verifyEmail.invalid': 'এই লিঙ্কটি বৈধ নয়। লগইন করে অ্যাকাউন্ট পাতা থেকে লিঙ্কটি আবার পাঠান।',
  'account.verifyEmail.expired':
    'এই লিঙ্কের মেয়াদ শেষ। লগইন করে অ্যাকাউন্ট পাতা থেকে লিঙ্কটি আবার পাঠান।',
  'account.verifyEmail.already': 'ই-মেল ঠিকানা আগেই নিশ্চিত হয়েছে।',
  'account.verifyEmail.sent': 'অ্যাকাউন্টের ই-মেল ঠিকানায় লিঙ্কটি আবার পাঠানো হয়েছে।',
  'account.verifyEmail.wait': 'এক মিনিটের কম আগে একটি লিঙ্ক পাঠানো হয়েছে। একটু অপেক্ষা করুন।',

  'account.registeredMark': 'নথিভুক্ত — নিজের নামে নিতে পৌরসভার সঙ্গে যোগাযোগ করুন',
  'account.registeredNote':
    '{club} আগেই নথিভুক্ত। অ্যাকাউন্টটি গত বছরের সম্পাদকের হলে তাঁকে অ্যাকাউন্ট পাতা থেকে হস্তান্তর করতে বলুন, অথবা নিজের নামে নিতে পৌরসভার সঙ্গে যোগাযোগ করুন।',
  'account.contactLink': 'পৌরসভার সঙ্গে যোগাযোগ করুন',

  'account.handOver': 'হস্তান্তর',
  'account.handOverTitle': '{club}-এর অ্যাকাউন্ট হস্তান্তর',
  'account.handOverExplain':
    'অ্যাকাউন্টের ই-মেল নতুন ঠিকানা হবে; পুরনো অ্যাকাউন্টধারী আর লগইন করতে পারবেন না এবং মেলে জানবেন। নতুন অ্যাকাউন্টধারী নতুন ঠিকানা দিয়ে অস্থায়ী পাসওয়ার্ড চেয়ে (পাসওয়ার্ড ভুলে গেছেন) লগইন করবেন।',
  'account.handOverEmail': 'নতুন ই-মেল ঠিকানা',
  'account.handOverReason': 'কারণ',
  'account.handOverLoading': 'অ্যাকাউন্ট হস্তান্তর করা হচ্ছে...',
  'account.handOverSuccess': 'অ্যাকাউন্ট হস্তান্তর করা হয়েছে।',
  'account.handOverFailed': 'অ্যাকাউন্ট হস্তান্তর করা গেল না।',
  'account.handOverNoAccount': 'এই ক্লাবের হস্তান্তর করার মতো কোনো অ্যাকাউন্ট নেই।',

  'account.mail.confirm.subject': '{club}-এর নতুন ই-মেল ঠিকানা নিশ্চিত করুন',
  'account.mail.confirm.body':
    '{club}-এর ক্লাব অ্যাকাউন্ট এখন থেকে এই ই-মেল ঠিকানা ব্যবহার করতে চেয়েছে।\n\nনিশ্চিত করতে এই লিঙ্কটি খুলুন ({hours} ঘণ্টা চলবে):\n{link}\n\nআপনি না চেয়ে থাকলে এই মেলটি উপেক্ষা করুন: কিছুই বদলাবে না।',
  'account.mail.changed.subject': '{club}-এর ই-মেল ঠিকানা বদলানো হয়েছে',
  'account.mail.changed.body':
    '{club}-এর ক্লাব অ্যাকাউন্ট এখন {email} ঠিকানা ব্যবহার করে। এই ঠিকানা দিয়ে আর লগইন হবে না।\n\nআপনি এটি না করে থাকলে এখনই পৌরসভার সঙ্গে যোগাযোগ করুন।',
  'account.mail.handedOver.subject': '{club}-এর অ্যাকাউন্ট হস্তান্তর করা হয়েছে',
  'account.mail.handedOver.body':
    'পৌরসভা {club}-এর ক্লাব অ্যাকাউন্ট {email} ঠিকানায় হস্তান্তর করেছে। এই ঠিকানা দিয়ে আর লগইন হবে না।\n\nকারণ: {reason}',
  'account.mail.handedTo.subject': '{club}-এর অ্যাকাউন্ট এখন আপনার',
  'account.mail.handedTo.body':
    'পৌরসভা {club}-এর ক্লাব অ্যাকাউন্ট এই ই-মেল ঠিকানায় হস্তান্তর করেছে।\n\nলগইন করতে {link} খুলুন, "পাসওয়ার্ড ভুলে গেছেন" বেছে এই ঠিকানা দিন: একটি অস্থায়ী পাসওয়ার্ড মেলে আসবে। তারপর নিজের পাসওয়ার্ড বেছে নিন।',
  'account.mail.verify.subject': '{club}-এর ই-মেল ঠিকানা নিশ্চিত করুন',
  'account.mail.verify.body':
    'পূজা এনওসি পোর্টালে {club}-এর ক্লাব অ্যাকাউন্ট এই ই-মেল ঠিকানা দিয়ে নথিভুক্ত হয়েছে।\n\nঠিকানাটি আপনার, তা নিশ্চিত করতে এই লিঙ্কটি খুলুন ({hours} ঘণ্টা চলবে):\n{link}\n\nততক্ষণ পোর্টাল এই ঠিকানায় আর কোনো মেল পাঠাবে না। আপনি নথিভুক্ত না করে থাকলে এই মেলটি উপেক্ষা করুন।',

  'account.privacy.title': 'গোপনীয়তা বিজ্ঞপ্তি',
  'account.privacy.intro':
    '{municipality}-র পূজা এনওসি পোর্টাল আপনার ক্লাব ও আপনার সম্পর্কে কী রাখে, কেন, কতদিন, কারা দেখেন এবং কাকে লিখবেন, এই বিজ্ঞপ্তি তা জানায় (ডিজিটাল ব্যক্তিগত তথ্য সুরক্ষা আইন, ২০২৩, ধারা ৫)।',
  'account.privacy.keepTitle': 'পোর্টাল কী রাখে',
  'account.privacy.keep':
    'ক্লাবের নাম, রেজিস্ট্রেশন নম্বর, ঠিকানা ও ওয়ার্ড; অ্যাকাউন্টের ই-মেল ঠিকানা ও মোবাইল নম্বর; ক্লাব ও পূজা কমিটির সভাপতি ও সম্পাদকের নাম ও ফোন নম্বর; পূজার স্থান; আপনার আপলোড করা নথি; এবং কে কখন কী করেছেন তার হিসাব (লগইন, যাচাই, সিদ্ধান্ত, পাঠানো মেল ও এসএমএস)।',
  'account.privacy.whyTitle': 'কেন',
  'account.privacy.why':
    'শুধু ক্লাবের নথিভুক্তি, দুর্গাপূজার এনওসি-র আবেদনের সিদ্ধান্ত, সে বিষয়ে আপনাকে ই-মেল ও এসএমএস পাঠানো, শংসাপত্র ছাপা ও যাচাই এবং পৌরসভার নথি রাখার জন্য। কিছুই বিক্রি বা বিজ্ঞাপনে ব্যবহার করা হয় না।',
  'account.privacy.howLongTitle': 'কতদিন',
  'account.privacy.howLong':
    'আপলোড করা নথি {seasons}টি মরসুম (চলতি মরসুম সহ) রাখা হয়, তারপর মুছে ফেলা হয়। প্রতিটি আবেদন ও শংসাপত্রের তথ্য (নম্বর, তারিখ, সিদ্ধান্ত) পৌরসভার নথিতে থাকে। অ্যাকাউন্ট থাকে যতদিন না সেটি মুক্ত করা হয় বা আপনি বন্ধ করতে বলেন।',
  'account.privacy.whoTitle': 'কারা দেখেন',
  'account.privacy.who':
    'আবেদন যাচাই করেন পৌরসভার এমন কর্মীরা (স্টোর, চেয়ারম্যান, অ্যাডমিন)। শংসাপত্রের যাচাই কোড যাঁর কাছে আছে তিনি শুধু শংসাপত্রে ছাপা তথ্যই দেখেন। মেল ও এসএমএস পৌরসভার মেল ও এসএমএস পরিষেবার মাধ্যমে যায়।',
  'account.privacy.rightsTitle': 'আপনার অধিকার ও কাকে লিখবেন',
  'account.privacy.rights':
    'আপনার তথ্য দেখতে, সংশোধন বা মুছে ফেলতে, বা সম্মতি প্রত্যাহার করতে অভিযোগ আধিকারিককে লিখুন: {contact}। উত্তরে সন্তুষ্ট না হলে ভারতের ডেটা প্রোটেকশন বোর্ডে অভিযোগ করতে পারেন।',
  'account.privacy.version': 'সংস্করণ {version}',
  'account.privacy.atRegistration':
    'নথিভুক্ত করলে আপনি সম্মত হচ্ছেন যে এনওসি-র জন্য পোর্টাল নিচের তথ্য রাখবে। গোপনীয়তা বিজ্ঞপ্তি পড়ুন:',
};

/** Both languages of the account catalogue (for the parity test). */
export const accountTexts: Readonly<Record<Locale, Readonly<Record<AccountTextKey, string>>>> = {
  en,
  bn,
};

/**
 * Whether a value is a key of the account catalogue (a server answer's `code`).
 * @example isAccountTextKey('account.email.same') // true; isAccountTextKey('login.failed') // false
 */
export function isAccountTextKey(value: unknown): value is AccountTextKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

/**
 * A text of the account catalogue in a language, `{name}` placeholders filled in (numbers in
 * the language's digits), as `formatMessage` does for the main catalogue.
 * @example accountText('account.current', { value: 'a@b.in' }) // 'Now: a@b.in'
 */
export function accountText(
  key: AccountTextKey,
  params: Readonly<Record<string, string | number>> = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  return accountTexts[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'number' ? formatNumber(value, locale) : String(value);
  });
}

/**
 * The version of the privacy notice the portal shows now; a registration records the version
 * it showed. A new wording gets a new version (the date it took effect).
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';

/** The privacy notice's sections in order: each a heading and its paragraph. */
export const PRIVACY_NOTICE_SECTIONS = [
  ['account.privacy.keepTitle', 'account.privacy.keep'],
  ['account.privacy.whyTitle', 'account.privacy.why'],
  ['account.privacy.howLongTitle', 'account.privacy.howLong'],
  ['account.privacy.whoTitle', 'account.privacy.who'],
  ['account.privacy.rightsTitle', 'account.privacy.rights'],
] as const satisfies ReadonlyArray<readonly [AccountTextKey, AccountTextKey]>;

/**
 * The privacy notice version a registration recorded: the one the app says it showed when it
 * is the current one, else null (a PHP-era app or a forged value records nothing).
 * @example privacyNoticeShown('2026-11-27') // '2026-11-27'; privacyNoticeShown('x') // null
 */
export function privacyNoticeShown(value: unknown): string | null {
  return value === PRIVACY_NOTICE_VERSION ? PRIVACY_NOTICE_VERSION : null;
}

/** The club portal page an e-mail change's link opens; the token rides in its query string. */
export const EMAIL_CHANGE_CONFIRM_PATH = '/confirm-email-change';

/**
 * The link mailed to a new e-mail address of a club account.
 * @example emailChangeLink('https://noc.example.in/', 'abc') // 'https://noc.example.in/confirm-email-change?token=abc'
 */
export function emailChangeLink(portalUrl: string, token: string): string {
  return tokenLink(portalUrl, EMAIL_CHANGE_CONFIRM_PATH, token);
}

/** A portal page with a mailed token in its query string. */
function tokenLink(portalUrl: string, path: string, token: string): string {
  return `${portalUrl.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`;
}

/** The club portal page the link proving an address registered by SMS opens (issue 26, L4). */
export const EMAIL_VERIFY_PATH = '/confirm-email';

/**
 * The link mailed to the address of an account registered by SMS: opening it proves the address.
 * @example emailVerifyLink('https://noc.example.in/', 'abc') // 'https://noc.example.in/confirm-email?token=abc'
 */
export function emailVerifyLink(portalUrl: string, token: string): string {
  return tokenLink(portalUrl, EMAIL_VERIFY_PATH, token);
}
