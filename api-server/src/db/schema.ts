import { sql } from 'drizzle-orm';
import type { ReferralHistoryEvent } from '@puja/domain';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Puja clubs (SPEC §3): status 'A' active, 'I' inactive. */
export const clubs = pgTable(
  'clubs',
  {
    id: serial('id').primaryKey(),
    clubname: text('clubname').notNull(),
    status: text('status').notNull().default('A'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clubs_clubname_lower_key').on(sql`lower(${t.clubname})`)],
);

/**
 * Every account: staff (admin, store, chairman) and club logins. A club has at most one account
 * (UNIQUE club_id); the club account carries the registration details of SPEC §3.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    role: text('role').notNull(),
    deptment: text('deptment').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    clubId: integer('club_id').references(() => clubs.id),
    govtRegisterNo: text('govt_register_no').notNull().default(''),
    address: text('address').notNull().default(''),
    wardNo: integer('ward_no'),
    /**
     * A forgotten password's temporary one (club accounts): it exists beside the current
     * password until it is used once or expires.
     */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    /**
     * The language a club account's mails are written in ('en' or 'bn'): the last one its app
     * asked for (Accept-Language) on login, registration or applying.
     */
    locale: text('locale').notNull().default('en'),
    /**
     * When the account's phone was proved to be its owner's (a one-time code sent to it by SMS
     * was entered, issue 23); null while unproved. A forgotten password goes by SMS only to a
     * proved number.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /**
     * A club's new e-mail address waiting for the link mailed to it (issue 27): SHA-256 of the
     * link's token and its expiry; the account keeps its address until the link is opened.
     */
    pendingEmail: text('pending_email'),
    pendingEmailTokenHash: text('pending_email_token_hash'),
    pendingEmailExpiresAt: timestamp('pending_email_expires_at', { withTimezone: true }),
    /**
     * A club's new phone waiting for the code sent to it by SMS (issue 27, the rules of
     * docs/decisions/0034): SHA-256 of account, number and code; when sent; wrong tries.
     */
    pendingPhone: text('pending_phone'),
    pendingPhoneCodeHash: text('pending_phone_code_hash'),
    pendingPhoneCodeSentAt: timestamp('pending_phone_code_sent_at', { withTimezone: true }),
    pendingPhoneAttempts: integer('pending_phone_attempts').notNull().default(0),
    /** The privacy notice version shown when the account was registered (domain PRIVACY_NOTICE_VERSION). */
    privacyNoticeVersion: text('privacy_notice_version'),
    /**
     * When the account's e-mail address was proved to be its owner's (issue 26, L4): null only
     * for an account registered by SMS until the link mailed to it is opened; until then the
     * outbox mails it nothing but that link. Every other account counts as proved (now() by
     * default, existing ones backfilled). The link: SHA-256 of its token, expiry, when it was
     * last sent (a new one a minute later at the earliest).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }).defaultNow(),
    emailVerifyTokenHash: text('email_verify_token_hash'),
    emailVerifyExpiresAt: timestamp('email_verify_expires_at', { withTimezone: true }),
    emailVerifySentAt: timestamp('email_verify_sent_at', { withTimezone: true }),
    /** An agency officer's agency (role 'agency', issue 29); null for every other account. */
    agencyId: integer('agency_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_club_id_key').on(t.clubId),
    uniqueIndex('users_pending_email_token_hash_key').on(t.pendingEmailTokenHash),
    uniqueIndex('users_email_verify_token_hash_key').on(t.emailVerifyTokenHash),
  ],
);

/** Login sessions: only the SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Opened with a temporary password: only changing the password (or logging out) is allowed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Puja seasons (issue 20, decision 0029): applications open on `opens_on` and are accepted
 * through `closes_on` (null: until staff close it), days in municipal time; the puja begins on
 * `puja_starts_on`. The current season is the latest year. Migration 0008 made every earlier
 * database season 2025, open with no close day.
 */
export const seasons = pgTable('seasons', {
  year: integer('year').primaryKey(),
  opensOn: date('opens_on').notNull(),
  closesOn: date('closes_on'),
  pujaStartsOn: date('puja_starts_on'),
  /** When staff closed the season's review (issue 27): its undecided applications stop; null: it goes on. */
  reviewClosedAt: timestamp('review_closed_at', { withTimezone: true }),
  reviewClosedReason: text('review_closed_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * NOC applications, one per club and season (UNIQUE (club_id, apply_year)). Review statuses hold the spec's codes
 * ('0' pending, '1' approved, '2' rejected); file columns hold opaque storage names.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    applyYear: integer('apply_year')
      .notNull()
      .references(() => seasons.year),
    regNo: integer('reg_no').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    pujaLocationAddress: text('puja_location_address').notNull(),
    pujaLocationWardNo: integer('puja_location_ward_no').notNull(),
    landType: text('land_type').notNull(),
    clubPresidentName: text('club_president_name').notNull(),
    clubPresidentPhone: text('club_president_phone').notNull(),
    clubSecretyName: text('club_secrety_name').notNull(),
    clubSecretyPhone: text('club_secrety_phone').notNull(),
    pujaPresientName: text('puja_presient_name').notNull(),
    pujaPresientPhone: text('puja_presient_phone').notNull(),
    pujaSecretaryName: text('puja_secretary_name').notNull(),
    pujaSecretaryPhone: text('puja_secretary_phone').notNull(),
    chairmanApplicationCertificate: text('chairman_application_certificate').notNull(),
    certificateImage: text('certificate_image').notNull(),
    loadAgreementImage: text('load_agreement_image').notNull(),
    pujaCommittee: text('puja_committee').notNull(),
    pujaBudget: text('puja_budget').notNull(),
    acknowledgement: text('acknowledgement'),
    acknowledgementStatus: text('acknowledgement_status').notNull().default('0'),
    acknowledgementReason: text('acknowledgement_reason').notNull().default(''),
    chairmanApplicationCertificateStatus: text('chairman_application_certificate_status')
      .notNull()
      .default('0'),
    chairmanApplicationCertificateReason: text('chairman_application_certificate_reason')
      .notNull()
      .default(''),
    certificateStatus: text('certificate_status').notNull().default('0'),
    certificateReason: text('certificate_reason').notNull().default(''),
    agreementStatus: text('agreement_status').notNull().default('0'),
    agreementReason: text('agreement_reason').notNull().default(''),
    chairmanStatus: text('chairman_status').notNull().default('0'),
    chairmanReason: text('chairman_reason').notNull().default(''),
    chairmanApprovedDate: timestamp('chairman_approved_date', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The list version at which this row's list entry last changed: set by triggers on every
     * change to the row, its club's name or its account's listed details (migration 0002), so
     * the list cache re-serialises only the rows a write touched.
     */
    listVersion: bigint('list_version', { mode: 'number' }).notNull().default(0),
    /**
     * The issued certificate's verification code (128 random bits, docs/decisions/0022): set
     * in the transaction that approves, cleared in the one that withdraws the approval.
     */
    verificationCode: text('verification_code'),
    /**
     * When the uploaded documents were deleted under DOCUMENT_RETENTION_SEASONS (`pnpm
     * purge-documents`); the file columns are then empty, the facts and the code stay.
     */
    documentsRemovedAt: timestamp('documents_removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('applications_club_id_apply_year_key').on(t.clubId, t.applyYear),
    uniqueIndex('applications_year_reg_no_key').on(t.applyYear, t.regNo),
    uniqueIndex('applications_verification_code_key').on(t.verificationCode),
  ],
);

/** The last reg_no handed out per apply year; bumped in the applying transaction (row lock). */
export const regCounters = pgTable('reg_counters', {
  applyYear: integer('apply_year').primaryKey(),
  lastNo: integer('last_no').notNull(),
});

/**
 * One row bumped by every write to clubs, users or applications, so each instance can tell
 * cheaply whether its cached application list is still current.
 */
export const dataVersion = pgTable('data_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  /**
   * Bumped (by triggers, inside the writing transaction, under this row's lock) only by writes
   * that change the application list; an application's `list_version` takes the new value.
   */
  listVersion: bigint('list_version', { mode: 'number' }).notNull().default(0),
});

/** Who changed what, from which value to which, why and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    role: text('role').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    item: text('item').notNull().default(''),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    reason: text('reason').notNull().default(''),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Failed logins (login-throttle.ts), one row per client address (`scope` 'address') and per
 * account (`scope` 'account', the SHA-256 of the normalised e-mail), shared by every instance: `count`
 * failures since `window_start` (addresses: a one-minute window) or in a row with the last at
 * `last_at` (accounts). Rows past their use are swept.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('login_failures_last_at_idx').on(t.lastAt),
  ],
);

/**
 * Password checks in progress (issue 26, src/accounts/login-throttle.ts): one row per counter an attempt
 * is held by (`address`, `account`, `known`), written before the check and deleted when it is
 * settled, so attempts sent at once count as failures until they are known not to be. A row
 * older than 30 s is of a check that never ended and is ignored, then swept.
 */
export const loginClaims = pgTable(
  'login_claims',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_claims_scope_key_idx').on(t.scope, t.key)],
);

/**
 * The client addresses that logged into an account successfully (issue 26, decision 0033): a
 * login from one of them within 30 days is counted on its own, so failures from other
 * addresses never lock the owner out. The account is the SHA-256 of its normalised e-mail, as
 * in login_failures; rows older than 30 days are swept.
 */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.address] }),
    index('login_known_addresses_last_at_idx').on(t.lastAt),
  ],
);

/**
 * Mails and SMS to clubs (transactional outbox, issues 12 and 23): written in the transaction of
 * the change that owes them, already rendered, and sent after commit by the outbox worker of
 * their channel (src/messages/outbox.ts).
 * A row is claimed by setting `lease_until` (so one instance sends it), then marked `sent_at`.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The application the message is about; null for messages about an account (registration, release). */
    applicationId: integer('application_id'),
    /** 'mail' (recipient an e-mail address) or 'sms' (a 10-digit Indian mobile, no subject). */
    channel: text('channel').notNull().default('mail'),
    /** The audit entry of the change that owes the mail (the history shows the mail beside it). */
    auditId: integer('audit_id').notNull(),
    /**
     * The event: applicationReceived, acknowledgementAccepted, documentRejected, …, or an account
     * mail: registrationConfirm, registrationAddressTaken, clubReleased (docs/decisions/0028); for
     * an SMS also the key of its DLT template (domain SMS_TEMPLATES).
     */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Sending attempts begun (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While set and in the future, an instance is sending the row: nobody else takes it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * A mail to an address its account has not proved (issue 26, L4): set on insert by the
     * trigger notification_outbox_hold (migration 0016), never for the proving link itself or an
     * SMS. Sent once an account with that address has proved it, else never.
     */
    heldForProof: boolean('held_for_proof').notNull().default(false),
  },
  (t) => [
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
    index('notification_outbox_audit_idx').on(t.auditId),
  ],
);

/**
 * Registrations waiting for their confirmation (docs/decisions/0028): the registration form's
 * details, kept until the link (or, later, a code) mailed to the address confirms them, which
 * creates the club's account. A pending registration does not hold its club: the first
 * confirmation takes it. Only hashes of the token and code are kept; `attempts` counts wrong
 * codes. Rows past `expires_at` are swept.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    govtRegisterNo: text('govt_register_no').notNull().default(''),
    address: text('address').notNull().default(''),
    wardNo: integer('ward_no'),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale').notNull().default('en'),
    /** SHA-256 of the link's token (base64url). */
    tokenHash: text('token_hash').notNull(),
    /**
     * The code sent by SMS (issue 23, docs/decisions/0034): SHA-256 of the link token and the
     * code, so the six digits cannot be found from the database alone; null for a registration
     * confirmed by mail.
     */
    codeHash: text('code_hash'),
    /** When the last code was sent: it works 10 minutes, a new one may be asked after 60 s. */
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    /** Wrong codes given for the last code sent. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the confirmation: a second click on the link answers "confirmed" again. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The privacy notice version the registration page showed (null: none said). */
    privacyNoticeVersion: text('privacy_notice_version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pending_registrations_token_hash_key').on(t.tokenHash),
    index('pending_registrations_club_id_idx').on(t.clubId),
    index('pending_registrations_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Registrations staff released (docs/decisions/0028): the withdrawn account and application as
 * they were (no password), who released them, when and why. Read-only: the application's
 * history stays readable and its documents stay stored until the retention purge.
 */
export const releasedRegistrations = pgTable(
  'released_registrations',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull(),
    clubname: text('clubname').notNull(),
    /** The withdrawn account: id, email, phone, govt_register_no, address, ward_no, locale, created_at. */
    account: jsonb('account').notNull(),
    applicationId: integer('application_id'),
    /** The withdrawn application (the domain model, stored file names) or null. */
    application: jsonb('application'),
    /** Every stored file the application referenced, earlier versions included. */
    files: jsonb('files').$type<string[]>().notNull().default([]),
    releasedBy: integer('released_by'),
    releasedByRole: text('released_by_role').notNull(),
    reason: text('reason').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('released_registrations_club_id_idx').on(t.clubId),
    index('released_registrations_application_id_idx').on(t.applicationId),
  ],
);

/**
 * Documents uploaded ahead of the call that uses them (tus, `/uploads/`, decision 0030): the
 * bytes live in `DATA_DIR/uploads/<id>` until an application, re-upload or acknowledgement takes
 * them (the row is deleted in that call's transaction) or the sweeper removes them after
 * STAGED_UPLOAD_TTL_SECONDS. A row belongs to the account that created it; only it may write,
 * resume or use the upload.
 */
export const stagedUploads = pgTable(
  'staged_uploads',
  {
    /** 32 hex characters, the last part of the upload's URL. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The declared length (Upload-Length): counted against the account's byte cap. */
    length: integer('length').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The kind its content check passed for when its last byte arrived (issue 26): the bytes of
     * a finished upload never change, so the call that uses it does not parse it again.
     */
    checkedKind: text('checked_kind'),
  },
  (t) => [index('staged_uploads_user_id_idx').on(t.userId)],
);

/**
 * Staged uploads a call used up (issue 26), kept for the staged-upload TTL: a call repeated with
 * the same upload ids (a phone that lost the answer) is answered with the application the first
 * one changed, instead of 404 for ids no longer staged.
 */
export const usedUploads = pgTable(
  'used_uploads',
  {
    /** The staged upload's id. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which call used it: `apply`, `acknowledgement` or `reupload`. */
    call: text('call').notNull(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('used_uploads_used_at_idx').on(t.usedAt)],
);

/**
 * SMS a caller asked for (issue 23: a temporary password or a registration code), one row per
 * request and scope (`reset-mobile`, `reset-address`, `code-mobile`, `code-address`), so the
 * limits per number and per client address hold across instances (src/messages/sms-throttle.ts). Rows
 * older than a day are swept.
 */
export const smsRequests = pgTable(
  'sms_requests',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_requests_scope_key_at_idx').on(t.scope, t.key, t.at)],
);

/**
 * The municipality's holidays (issue 30): days that never count as working days for the
 * statutory clock, whatever the weekday; admin keeps them (the state changes its list at short
 * notice). Every change is audited (entity 'holiday', the day as YYYYMMDD).
 */
export const holidays = pgTable('holidays', {
  date: date('date').primaryKey(),
  name: text('name').notNull(),
  nameBn: text('name_bn'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Other departments (issue 29): the agencies an application is referred to once its
 * acknowledgement is approved (the active ones whose wards include its puja ward; no wards:
 * all). `mode` online: its officers (users of role 'agency') decide in the console; offline:
 * admin or store record its letter. `days` are working days; `deemed_approval`: silence past
 * the due date counts as approval (the sweep). Every change is audited (entity 'agency').
 */
export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    wards: integer('wards')
      .array()
      .notNull()
      .default(sql`'{}'`),
    mode: text('mode').notNull(),
    days: integer('days').notNull(),
    deemedApproval: boolean('deemed_approval').notNull().default(false),
    email: text('email'),
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    /** Issue 30: who hears appeals of its referrals (null: the chairman). */
    appellateUserId: integer('appellate_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agencies_name_lower_key').on(sql`lower(${t.name})`)],
);

/**
 * The service standard of each municipal step (issue 30, domain service-standards.ts): its
 * working days, Designated Officer role and Appellate Officer (null: the chairman). Seeded with
 * the defaults by migration 0020; a department's referral keeps its days on `agencies`.
 */
export const serviceStandards = pgTable(
  'service_standards',
  {
    step: text('step').primaryKey(),
    days: integer('days').notNull(),
    designatedRole: text('designated_role').notNull(),
    appellateUserId: integer('appellate_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('service_standards_days_check', sql`${t.days} BETWEEN 1 AND 60`)],
);

/**
 * One referral of an application to an agency (issue 29, domain referrals.ts): its state,
 * round (+1 per answered objection), due day, decision (reference no., conditions, reason),
 * the club's answer and its document, an offline agency's letter, and who decided. Audited
 * (entity 'referral').
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    status: text('status').notNull().default('pending'),
    round: integer('round').notNull().default(1),
    dueOn: date('due_on').notNull(),
    decidedOn: date('decided_on'),
    referenceNo: text('reference_no'),
    conditions: jsonb('conditions').$type<string[]>().notNull().default([]),
    reason: text('reason'),
    response: text('response'),
    responseDocument: text('response_document'),
    letterPath: text('letter_path'),
    letterDate: date('letter_date'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Issue 30: the day the sweep found it late, and whom it told (null: the chairman). */
    overdueOn: date('overdue_on'),
    escalatedTo: text('escalated_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrals_application_agency_key').on(t.applicationId, t.agencyId),
    index('referrals_agency_status_idx').on(t.agencyId, t.status),
    index('referrals_status_due_idx').on(t.status, t.dueOn),
  ],
);

/**
 * The clock of one municipal step of an application (issue 30, migration 0021, domain
 * step-clocks.ts): written only by the change writer as events move it, and by the sweep when
 * the step runs late (`overdue_on`, `escalated_to`: the Appellate Officer's name, null the chairman).
 */
export const stepClocks = pgTable(
  'step_clocks',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    startedOn: date('started_on').notNull(),
    dueOn: date('due_on').notNull(),
    pausedOn: date('paused_on'),
    remainingDays: integer('remaining_days'),
    pausedDays: integer('paused_days').notNull().default(0),
    decidedOn: date('decided_on'),
    overdueOn: date('overdue_on'),
    escalatedTo: text('escalated_to'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'step_clocks_pkey', columns: [t.applicationId, t.step] }),
    index('step_clocks_running_due_idx')
      .on(t.dueOn)
      .where(sql`${t.decidedOn} IS NULL AND ${t.pausedOn} IS NULL`),
  ],
);

/** One digest of late steps a day per Appellate Officer (issue 30): the key sends it once. */
export const overdueDigests = pgTable(
  'overdue_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    steps: integer('steps').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'overdue_digests_pkey', columns: [t.userId, t.day] })],
);

/**
 * An appeal (issue 30, domain appeals.ts): a club's appeal of a final rejection, a department's
 * rejection (`referral_id`) or a late step (`step`), filed within the window, due for decision
 * by `due_on`; decided by the Appellate Officer (allowed: the decision set aside, or a late step
 * ordered decided by `order_due_on`; dismissed: with a reason). One appeal per decision appealed
 * against (`appealed_on`, the unique index). Audited on the application's trail.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    ground: text('ground').notNull(),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    document: text('document'),
    appealedOn: date('appealed_on').notNull(),
    filedOn: date('filed_on').notNull(),
    dueOn: date('due_on').notNull(),
    decidedOn: date('decided_on'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason').notNull().default(''),
    orderDueOn: date('order_due_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'appeals_ground_check',
      sql`${t.ground} IN ('finalRejected', 'referralRejected', 'overdue')`,
    ),
    check('appeals_status_check', sql`${t.status} IN ('pending', 'allowed', 'dismissed')`),
    uniqueIndex('appeals_decision_key').on(
      t.applicationId,
      t.ground,
      t.step,
      sql`COALESCE(${t.referralId}, 0)`,
      t.appealedOn,
    ),
    index('appeals_status_due_idx').on(t.status, t.dueOn),
  ],
);

/**
 * A referral's own history (issue 29): one row per change (made, decided, objected, answered,
 * deemed, withdrawn), written beside its audit entry (`audit_id`), with who and the domain's
 * event (ReferralHistoryEvent): what the officers of its agency read, who may not read the
 * application's trail.
 */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: serial('id').primaryKey(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    auditId: integer('audit_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    role: text('role').notNull(),
    event: jsonb('event').$type<ReferralHistoryEvent>().notNull(),
  },
  (t) => [index('referral_events_referral_idx').on(t.referralId, t.id)],
);
