/**
 * Contract suite: every api-client function against a real server, through the whole life of
 * an application plus the refusals. By default it starts our api-server on a free port with a
 * fresh data directory; with CONTRACT_BASE_URL it runs against that host instead (see README).
 * Each test makes the clubs and applications it needs (`newClub`, `newApplication`, ...), so
 * any test runs alone, in any order.
 */
import {
  APPLICATION_FILE_FIELDS,
  filterIssuedNocs,
  formatRegNo,
  MAX_FILE_BYTES,
  memoNumberOf,
  type Application,
  type ApplicationFileField,
  type RegistrationPayload,
  type ReviewDocument,
} from '@puja/domain';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addClub,
  addSeason,
  addUser,
  ApiError,
  applyForNoc,
  configureApi,
  confirmRegistration,
  decideFinal,
  deleteClub,
  deleteUser,
  documentUrl,
  getApplicationHistory,
  getDashboardStats,
  getMyApplication,
  getMyApplicationHistory,
  listApplications,
  listClubs,
  listSeasonOpenApplications,
  listSeasons,
  closeSeasonReview,
  listUsers,
  loginClub,
  loginStaff,
  logout,
  registerClub,
  registrationAwaitsConfirmation,
  releaseClub,
  requestPasswordReset,
  reuploadDocument,
  sessionStore,
  setClubStatus,
  setUnauthorizedHandler,
  updateClub,
  updateDocumentStatus,
  updateSeason,
  updateUser,
  uploadAcknowledgement,
  verifyNoc,
  type BodyEncoding,
  type ClubSession,
  type Session,
  type ConsoleSession,
} from '../src/index';
import { startServer, type RunningServer } from './start-server';

const env = process.env;
const DEMO_PASSWORD = 'Puja@2025';
const staffCredentials = {
  admin: {
    email: env.CONTRACT_ADMIN_EMAIL ?? 'admin@example.org',
    password: env.CONTRACT_ADMIN_PASSWORD ?? DEMO_PASSWORD,
  },
  store: {
    email: env.CONTRACT_STORE_EMAIL ?? 'store@example.org',
    password: env.CONTRACT_STORE_PASSWORD ?? DEMO_PASSWORD,
  },
  chairman: {
    email: env.CONTRACT_CHAIRMAN_EMAIL ?? 'chairman@example.org',
    password: env.CONTRACT_CHAIRMAN_PASSWORD ?? DEMO_PASSWORD,
  },
};
const bodyEncoding: BodyEncoding = env.CONTRACT_BODY_ENCODING === 'form' ? 'form' : 'json';

/** Unique names, so the suite can run again against a host that keeps its data. */
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const clubPassword = 'Contract#2025';

// Small valid documents: a PDF and a 1×1 PNG.
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);
const pdf = (name: string) => new File([PDF], `${name}.pdf`, { type: 'application/pdf' });
const png = (name: string) => new File([PNG], `${name}.png`, { type: 'image/png' });

const applyFields = {
  ward_no: 7,
  puja_location_address: 'Contract Park, Lake Road',
  club_president_name: 'Amal Sen',
  club_president_phone: '9830011111',
  club_secrety_name: 'Bimal Das',
  club_secrety_phone: '9830022222',
  puja_presient_name: 'Chandan Roy',
  puja_presient_phone: '9830033333',
  puja_secretary_name: 'Dipak Pal',
  puja_secretary_phone: '9830044444',
  land_type: 'own' as const,
};

let server: RunningServer | null = null;
const sessions: Partial<Record<'admin' | 'store' | 'chairman', ConsoleSession>> = {};
const unauthorizedPaths: string[] = [];

/** Points the client at the host under test. */
function configure(encoding: BodyEncoding): void {
  const baseUrl = env.CONTRACT_BASE_URL ?? server?.baseUrl ?? '';
  configureApi({
    baseUrl,
    filesBaseUrl: env.CONTRACT_FILES_BASE_URL ?? baseUrl,
    bodyEncoding: encoding,
  });
}

/** Acts as a logged-in user: the shared session store decides which token is sent. */
function actAs(session: Session | undefined): void {
  if (!session) throw new Error('that user has not logged in yet');
  sessionStore.getState().setSession(session);
}

/** Acts as nobody (the public calls). */
function actAsNobody(): void {
  sessionStore.getState().clearSession();
}

/** The ApiError a call fails with. */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const outcome: unknown = await call.then(
    (value) => new Error(`expected a refusal, got ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}

beforeAll(async () => {
  // Every test registers and logs in its own clubs: the per-minute login limit is raised.
  if (!env.CONTRACT_BASE_URL) server = await startServer({ LOGIN_RATE_LIMIT: '1000' });
  configure(bodyEncoding);
  setUnauthorizedHandler((path) => unauthorizedPaths.push(path));
  for (const role of ['admin', 'store', 'chairman'] as const) {
    sessions[role] = await loginStaff(staffCredentials[role]);
  }
}, 120_000);

beforeEach(() => {
  configure(bodyEncoding);
  actAsNobody();
});

afterAll(async () => {
  setUnauthorizedHandler(null);
  await server?.stop();
});

// —— Fixtures: each test makes its own ——

let sequence = 0;
/** A name no other test (or earlier run against a host that keeps its data) has used. */
const unique = (label: string) => `${label} ${stamp}-${(sequence += 1)}`;

interface ClubAccount {
  clubId: number;
  clubname: string;
  email: string;
  session: ClubSession;
}

function registration(club: { clubId: number; email: string }) {
  return {
    club_id: club.clubId,
    govt_register_no: `GR-${stamp}`,
    phone: '9830055555',
    email: club.email,
    address: '1 Contract Lane',
    ward_no: 7,
    password: clubPassword,
  };
}

/** A club added by store, found in the public list; its id. */
async function addListedClub(clubname: string): Promise<number> {
  actAs(sessions.store);
  await addClub({ clubname });
  actAsNobody();
  const clubs = await listClubs({
    onError: (error) => {
      throw error;
    },
  });
  const listed = clubs.find((candidate) => candidate.clubname === clubname);
  expect(listed).toMatchObject({ status: 'A' });
  return listed?.id ?? 0;
}

/** The token of the confirmation link the server mailed to an address (its outbox folder). */
async function mailedToken(email: string): Promise<string> {
  const outbox = env.CONTRACT_OUTBOX_DIR ?? server?.outboxDir;
  if (!outbox) throw new Error('set CONTRACT_OUTBOX_DIR: this host asks to confirm by mail');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.eml'),
    );
    const mails = await Promise.all(names.map((name) => readFile(join(outbox, name), 'utf8')));
    const mail = mails.find((text) => text.includes(`\nTo: ${email}\n`));
    const token = mail?.match(/confirm-registration\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Registers a club as a person does: on a host that asks for it (ours, decision 0028), the link
 * mailed to the address is opened; a PHP host registers at once.
 */
async function register(payload: RegistrationPayload) {
  const outcome = await registerClub(payload);
  if (registrationAwaitsConfirmation(outcome)) {
    const confirmed = await confirmRegistration({ token: await mailedToken(payload.email) });
    expect(confirmed.messageKey).toBe('registration.confirmed');
  }
  return outcome;
}

/** A new club with a registered, logged-in account and no application. */
async function newClub(): Promise<ClubAccount> {
  const clubname = unique('Contract Club');
  const clubId = await addListedClub(clubname);
  const email = `contract-${stamp}-${sequence}@example.org`;
  actAsNobody();
  await register(registration({ clubId, email }));
  const session = await loginClub({ email, password: clubPassword });
  actAsNobody();
  return { clubId, clubname, email, session };
}

const applicationFiles = (): Record<ApplicationFileField, File> =>
  Object.fromEntries(
    APPLICATION_FILE_FIELDS.map((field, index) => [field, index % 2 ? png(field) : pdf(field)]),
  ) as Record<ApplicationFileField, File>;

/** A new club's new application (no acknowledgement yet). */
async function newApplication(): Promise<{ club: ClubAccount; application: Application }> {
  const club = await newClub();
  actAs(club.session);
  const result = await applyForNoc({
    club_id: club.clubId,
    fields: applyFields,
    files: applicationFiles(),
  });
  if (!result.application) throw new Error('the apply call sent no application back');
  actAsNobody();
  return { club, application: result.application };
}

/** A new application whose signed acknowledgement is uploaded, with documents approved by store. */
async function reviewedApplication(
  approved: readonly ReviewDocument[] = [],
): Promise<{ club: ClubAccount; application: Application }> {
  const { club, application } = await newApplication();
  actAs(club.session);
  let current = (await uploadAcknowledgement({ id: application.id, file: png('signed-ack') }))
    .application;
  actAs(sessions.store);
  for (const doc of approved) {
    current = (await updateDocumentStatus({ id: application.id, doc, decision: 'approve' }))
      .application;
  }
  actAsNobody();
  return { club, application: current ?? application };
}

const ALL_DOCUMENTS: readonly ReviewDocument[] = [
  'acknowledgement',
  'chairman_application_certificate',
  'certificate',
  'agreement',
];

/** A new application the chairman approved: an issued NOC. */
async function issuedApplication(): Promise<{ club: ClubAccount; application: Application }> {
  const { club, application } = await reviewedApplication(ALL_DOCUMENTS);
  actAs(sessions.chairman);
  const result = await decideFinal({ id: application.id, decision: 'approve' });
  actAsNobody();
  return { club, application: result.application ?? application };
}

describe('staff logins', () => {
  it('log each staff role in with a token', () => {
    for (const role of ['admin', 'store', 'chairman'] as const) {
      expect(sessions[role]).toMatchObject({ role, email: staffCredentials[role].email });
      expect(sessions[role]?.token).not.toBe('');
    }
  });

  it('refuse a wrong password without touching the stored session', async () => {
    actAs(sessions.admin);
    const error = await refusal(
      loginStaff({ email: staffCredentials.admin.email, password: 'wrong-password' }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 401 });
    expect(sessionStore.getState().session).toEqual(sessions.admin);
  });
});

describe('club registration and login', () => {
  it('staff add a club that then appears, active, in the public club list', async () => {
    actAs(sessions.store);
    const clubname = unique('Contract Listed Club');
    expect((await addClub({ clubname })).message).toMatch(/\S/);
    expect(await addListedClub(unique('Contract Listed Club'))).toBeGreaterThan(0);
    actAsNobody();
    expect((await listClubs()).find((club) => club.clubname === clubname)).toMatchObject({
      status: 'A',
    });
  });

  it('registers a club picked from the list, which then logs in as role club', async () => {
    const clubname = unique('Contract Club');
    const clubId = await addListedClub(clubname);
    const email = `contract-register-${stamp}@example.org`;
    expect((await register(registration({ clubId, email }))).message).toMatch(/\S/);
    const session = await loginClub({ email, password: clubPassword });
    expect(session).toMatchObject({ role: 'club', club_id: clubId, clubname, email });
    expect(session.token).not.toBe('');
  });

  it('refuses a second registration of the same club with 409', async () => {
    const club = await newClub();
    const error = await refusal(
      registerClub({ ...registration(club), email: `again-${club.email}` }),
    );
    expect(error).toMatchObject({
      kind: 'refused',
      status: 409,
      message: 'This club is already registered.',
      messageKey: 'registration.alreadyRegistered',
    });
  });

  it('refuses a wrong club password', async () => {
    const club = await newClub();
    const error = await refusal(loginClub({ email: club.email, password: 'nope-nope' }));
    expect(error).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('reads "no application" before the club applies', async () => {
    const club = await newClub();
    actAs(club.session);
    expect(await getMyApplication({ club_id: club.clubId })).toBeNull();
  });
});

describe('applying', () => {
  it('applies with five files and gets the new application back', async () => {
    const club = await newClub();
    actAs(club.session);
    const progress: number[] = [];
    const result = await applyForNoc({
      club_id: club.clubId,
      fields: applyFields,
      files: applicationFiles(),
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(progress.at(-1)).toBe(1);
    expect(result.application).toMatchObject({
      club_id: club.clubId,
      club_name: club.clubname,
      ward_no: 7,
      puja_location_address: applyFields.puja_location_address,
      club_secrety_name: 'Bimal Das',
      puja_presient_phone: '9830033333',
      acknowledgement: null,
      acknowledgement_status: 'Pending',
      certificate_status: 'Pending',
      agreement_status: 'Pending',
      chairman_status: 'Pending',
    });
    for (const field of APPLICATION_FILE_FIELDS)
      expect(result.application?.[field]).toEqual(expect.any(String));
  });

  it('refuses a second application with 409', async () => {
    const { club } = await newApplication();
    actAs(club.session);
    const error = await refusal(
      applyForNoc({ club_id: club.clubId, fields: applyFields, files: applicationFiles() }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 409 });
  });

  it("finds the application as the club's own", async () => {
    const { club, application } = await newApplication();
    actAs(club.session);
    expect(await getMyApplication({ club_id: club.clubId })).toMatchObject({ id: application.id });
  });

  it('opens a document at the files base plus its path', async () => {
    const { application } = await newApplication();
    const response = await fetch(documentUrl(application.puja_budget ?? ''));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
  });
});

describe('refusals before review', () => {
  it('refuses a call without a session with 401', async () => {
    actAsNobody();
    expect(await refusal(listApplications())).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('refuses staff calls to a club (403)', async () => {
    const { club, application } = await newApplication();
    actAs(club.session);
    expect((await refusal(listApplications())).status).toBe(403);
    expect((await refusal(getDashboardStats())).status).toBe(403);
    expect(
      (
        await refusal(
          updateDocumentStatus({ id: application.id, doc: 'acknowledgement', decision: 'approve' }),
        )
      ).status,
    ).toBe(403);
  });

  it("refuses another club's application (403)", async () => {
    const { club, application } = await newApplication();
    const other = await newClub();
    actAs(other.session);
    const lookup = await refusal(
      // getMyApplication reads refusals as "no application"; the raw call shows the 403.
      uploadAcknowledgement({ id: application.id, file: pdf('ack') }),
    );
    expect(lookup.status).toBe(403);
    expect(await getMyApplication({ club_id: club.clubId })).toBeNull();
    expect(
      (await refusal(reuploadDocument({ id: application.id, doc: 'certificate', file: pdf('x') })))
        .status,
    ).toBe(403);
  });

  it('refuses reviewing the acknowledgement before it is uploaded (422)', async () => {
    const { application } = await newApplication();
    actAs(sessions.store);
    const error = await refusal(
      updateDocumentStatus({ id: application.id, doc: 'acknowledgement', decision: 'approve' }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
  });
});

describe('review', () => {
  it('the club uploads the signed acknowledgement', async () => {
    const { club, application } = await newApplication();
    actAs(club.session);
    const result = await uploadAcknowledgement({ id: application.id, file: png('signed-ack') });
    expect(result.application?.acknowledgement).toEqual(expect.any(String));
    expect(result.application?.acknowledgement_status).toBe('Pending');
  });

  it('refuses a review out of order (422)', async () => {
    const { application } = await reviewedApplication();
    actAs(sessions.store);
    const error = await refusal(
      updateDocumentStatus({ id: application.id, doc: 'certificate', decision: 'approve' }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
  });

  it('refuses review by the chairman and the final decision by store (403)', async () => {
    const { application } = await reviewedApplication();
    actAs(sessions.chairman);
    expect(
      (
        await refusal(
          updateDocumentStatus({ id: application.id, doc: 'acknowledgement', decision: 'approve' }),
        )
      ).status,
    ).toBe(403);
    actAs(sessions.store);
    expect((await refusal(decideFinal({ id: application.id, decision: 'approve' }))).status).toBe(
      403,
    );
  });

  it('store approves in order and rejects the certificate with a reason', async () => {
    const { application } = await reviewedApplication([
      'acknowledgement',
      'chairman_application_certificate',
    ]);
    actAs(sessions.store);
    const result = await updateDocumentStatus({
      id: application.id,
      doc: 'certificate',
      decision: 'reject',
      reason: 'The stamp is not readable.',
    });
    expect(result.application).toMatchObject({
      acknowledgement_status: 'Approved',
      chairman_application_certificate_status: 'Approved',
      certificate_status: 'Rejected',
      certificate_reason: 'The stamp is not readable.',
    });
  });

  it('refuses deciding an already decided document (422)', async () => {
    const { application } = await reviewedApplication(['acknowledgement']);
    actAs(sessions.store);
    const error = await refusal(
      updateDocumentStatus({
        id: application.id,
        doc: 'acknowledgement',
        decision: 'reject',
        reason: 'x',
      }),
    );
    expect(error.status).toBe(422);
  });

  it('refuses the final decision before every document is approved (422)', async () => {
    const { application } = await reviewedApplication(['acknowledgement']);
    actAs(sessions.chairman);
    const error = await refusal(decideFinal({ id: application.id, decision: 'approve' }));
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
  });

  it('refuses a file that is neither an image nor a PDF (415)', async () => {
    const { club, application } = await reviewedApplication();
    actAs(club.session);
    const fake = new File(['plain text, not a PDF'], 'sdo.pdf', { type: 'application/pdf' });
    const error = await refusal(
      reuploadDocument({ id: application.id, doc: 'certificate', file: fake }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 415 });
  });

  it('refuses a file over 3 MB (413)', async () => {
    const { club, application } = await reviewedApplication();
    actAs(club.session);
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(PDF);
    const error = await refusal(
      reuploadDocument({
        id: application.id,
        doc: 'certificate',
        file: new File([big], 'big.pdf', { type: 'application/pdf' }),
      }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 413 });
  });

  it('the club re-uploads a rejected certificate, which is pending again', async () => {
    const { club, application } = await reviewedApplication([
      'acknowledgement',
      'chairman_application_certificate',
    ]);
    actAs(sessions.store);
    await updateDocumentStatus({
      id: application.id,
      doc: 'certificate',
      decision: 'reject',
      reason: 'The stamp is not readable.',
    });
    actAs(club.session);
    const progress: number[] = [];
    const result = await reuploadDocument({
      id: application.id,
      doc: 'certificate',
      file: pdf('sdo-permission-again'),
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(progress.at(-1)).toBe(1);
    expect(result.application?.certificate_status).toBe('Pending');
    expect(result.application?.certificate_image).not.toBe(application.certificate_image);
  });

  it('store approves the certificate and the land agreement', async () => {
    const { application } = await reviewedApplication([
      'acknowledgement',
      'chairman_application_certificate',
    ]);
    actAs(sessions.store);
    await updateDocumentStatus({ id: application.id, doc: 'certificate', decision: 'approve' });
    const result = await updateDocumentStatus({
      id: application.id,
      doc: 'agreement',
      decision: 'approve',
    });
    expect(result.application).toMatchObject({
      certificate_status: 'Approved',
      agreement_status: 'Approved',
      chairman_status: 'Pending',
    });
  });

  it('the chairman approves: the NOC is issued', async () => {
    const { application } = await reviewedApplication(ALL_DOCUMENTS);
    actAs(sessions.chairman);
    const result = await decideFinal({ id: application.id, decision: 'approve' });
    expect(result.application?.chairman_status).toBe('Approved');
    expect(result.application?.chairman_approved_date).toEqual(expect.any(String));
  });

  it('refuses the same final decision twice (409 on our server, issue 19; 422 from a PHP host)', async () => {
    const { application } = await issuedApplication();
    actAs(sessions.chairman);
    const error = await refusal(decideFinal({ id: application.id, decision: 'approve' }));
    if (env.CONTRACT_BASE_URL) expect([409, 422]).toContain(error.status);
    else expect(error).toMatchObject({ status: 409, messageKey: 'final.alreadyDecided' });
  });

  it('a withdrawal that does not name the issued NOC it replaces is refused (409)', async () => {
    const { application } = await issuedApplication();
    actAs(sessions.chairman);
    const error = await refusal(
      decideFinal({ id: application.id, decision: 'reject', reason: 'x', replaces: 'Pending' }),
    );
    expect(error).toMatchObject({ status: 409, messageKey: 'final.decisionChanged' });
  });

  it('an issued NOC verifies publicly by its code until a rejection withdraws it', async () => {
    const { club, application } = await issuedApplication();
    const code = application.verification_code ?? '';
    expect(code).toMatch(/^[0-9A-Z]{26}$/);
    actAs(club.session);
    expect((await getMyApplication({ club_id: club.clubId }))?.verification_code).toBe(code);
    actAsNobody();
    expect(await verifyNoc({ code })).toEqual({
      valid: true,
      club_name: club.clubname,
      reg_no: formatRegNo(application.reg_no),
      memo_number: memoNumberOf(application),
      approval_date: application.chairman_approved_date,
      puja_location_ward_no: applyFields.ward_no,
      puja_location_address: applyFields.puja_location_address,
      season_year: 2025, // the fresh server's one season
      clearances: [], // issue 29: no department set up
    });
    actAs(sessions.chairman);
    const withdrawn = await decideFinal({
      id: application.id,
      decision: 'reject',
      reason: 'x',
      replaces: 'Approved',
    });
    expect(withdrawn.application?.verification_code ?? null).toBeNull();
    actAsNobody();
    expect(await verifyNoc({ code })).toEqual({ valid: false });
    expect(await verifyNoc({ code: 'not a code' })).toEqual({ valid: false });
  });

  it('lists the application among the issued NOCs, and the club sees it approved', async () => {
    const { club, application } = await issuedApplication();
    actAs(sessions.admin);
    const all = await listApplications();
    const issued = filterIssuedNocs(all, {
      q: memoNumberOf(application),
      ward: applyFields.ward_no,
    });
    expect(issued.map((app) => app.id)).toContain(application.id);
    expect(issued.find((app) => app.id === application.id)).toMatchObject({
      club_name: club.clubname,
      chairman_status: 'Approved',
    });
    actAs(club.session);
    expect(await getMyApplication({ club_id: club.clubId })).toMatchObject({
      chairman_status: 'Approved',
    });
  });

  it('counts an issued NOC on the dashboard', async () => {
    await issuedApplication();
    actAs(sessions.store);
    const counts = await getDashboardStats();
    expect(counts.total).toBeGreaterThanOrEqual(1);
    expect(counts.approved).toBeGreaterThanOrEqual(1);
    expect(counts.approved + counts.rejected).toBeLessThanOrEqual(counts.total);
  });

  it('records the history of the application', async () => {
    const { club, application } = await reviewedApplication([
      'acknowledgement',
      'chairman_application_certificate',
    ]);
    actAs(sessions.store);
    await updateDocumentStatus({
      id: application.id,
      doc: 'certificate',
      decision: 'reject',
      reason: 'The stamp is not readable.',
    });
    actAs(club.session);
    await reuploadDocument({ id: application.id, doc: 'certificate', file: pdf('again') });
    actAs(sessions.admin);
    const history = await getApplicationHistory({ id: application.id });
    // Applied, acknowledgement, two approvals, the rejection and the re-upload.
    expect(history.length).toBeGreaterThanOrEqual(6);
    expect(history.some((entry) => entry.reason === 'The stamp is not readable.')).toBe(true);
  });
});

describe('users', () => {
  const newUser = () => {
    const email = `contract-user-${stamp}-${(sequence += 1)}@example.org`;
    return {
      name: 'Contract Store',
      email,
      phone: '9830066666',
      role: 'store' as const,
      deptment: 'store' as const,
    };
  };

  /** A new store user added by the admin; its id. */
  async function addedUser(user: ReturnType<typeof newUser>): Promise<number> {
    actAs(sessions.admin);
    expect((await addUser({ ...user, password: 'Contract#User1' })).message).toMatch(/\S/);
    const listed = (await listUsers()).find((candidate) => candidate.email === user.email);
    expect(listed).toMatchObject({ name: 'Contract Store', role: 'store', deptment: 'store' });
    return listed?.id ?? 0;
  }

  it('admin adds a store user who can log in', async () => {
    const user = newUser();
    await addedUser(user);
    const session = await loginStaff({ email: user.email, password: 'Contract#User1' });
    expect(session.role).toBe('store');
  });

  it('refuses a duplicate user (409)', async () => {
    const user = newUser();
    await addedUser(user);
    actAs(sessions.admin);
    expect((await refusal(addUser({ ...user, password: 'Contract#User1' }))).status).toBe(409);
  });

  it('the chairman edits the user; a blank password keeps the old one', async () => {
    const user = newUser();
    const userId = await addedUser(user);
    actAs(sessions.chairman);
    await updateUser({
      id: userId,
      ...user,
      name: 'Contract Chairman',
      role: 'chairman',
      deptment: 'chairman',
      password: '',
    });
    const listed = (await listUsers()).find((candidate) => candidate.id === userId);
    expect(listed).toMatchObject({
      name: 'Contract Chairman',
      role: 'chairman',
      deptment: 'chairman',
    });
    expect((await loginStaff({ email: user.email, password: 'Contract#User1' })).role).toBe(
      'chairman',
    );
  });

  it('refuses user management to store (403)', async () => {
    const userId = await addedUser(newUser());
    actAs(sessions.store);
    expect((await refusal(listUsers())).status).toBe(403);
    expect((await refusal(deleteUser({ id: userId }))).status).toBe(403);
  });

  it('admin deletes the user', async () => {
    const userId = await addedUser(newUser());
    actAs(sessions.admin);
    expect((await deleteUser({ id: userId })).message).toMatch(/\S/);
    expect((await listUsers()).some((candidate) => candidate.id === userId)).toBe(false);
  });
});

describe('clubs', () => {
  it('store adds, renames and deactivates a club', async () => {
    const name = unique('Contract Club C');
    const clubId = await addListedClub(name);
    actAs(sessions.store);
    await updateClub({ id: clubId, clubname: `${name} renamed` });
    expect(await setClubStatus({ id: clubId, status: 'I' })).toEqual({
      message: 'Club status updated to Inactive',
      messageKey: 'clubs.statusInactive',
    });
    // Staff also see the registration (none here); a PHP host may not send it.
    expect((await listClubs()).find((club) => club.id === clubId)).toMatchObject({
      id: clubId,
      clubname: `${name} renamed`,
      status: 'I',
    });
  });

  it('staff see who registered a club; an admin releases the registration', async () => {
    const club = await newClub();
    actAs(sessions.admin);
    const listed = (await listClubs()).find((candidate) => candidate.id === club.clubId);
    expect(listed?.registration).toMatchObject({ email: club.email, phone: '9830055555' });
    const released = await releaseClub({ id: club.clubId, reason: 'Claimed by another club' });
    expect(released.messageKey).toBe('clubs.releaseSuccess');
    actAsNobody();
    const again = await refusal(loginClub({ email: club.email, password: clubPassword }));
    expect(again.status).toBe(401);
  });

  it('refuses registering an inactive club', async () => {
    const clubId = await addListedClub(unique('Contract Inactive Club'));
    actAs(sessions.store);
    await setClubStatus({ id: clubId, status: 'I' });
    actAsNobody();
    const error = await refusal(
      registerClub(registration({ clubId, email: `inactive-${stamp}-${sequence}@example.org` })),
    );
    expect([400, 422]).toContain(error.status);
  });

  it('refuses club management to a club (403)', async () => {
    const club = await newClub();
    actAs(club.session);
    expect((await refusal(addClub({ clubname: unique('Contract Club by club') }))).status).toBe(
      403,
    );
  });

  it('store deletes a club', async () => {
    const clubId = await addListedClub(unique('Contract Club D'));
    actAs(sessions.store);
    expect((await deleteClub({ id: clubId })).message).toMatch(/\S/);
    expect((await listClubs()).some((club) => club.id === clubId)).toBe(false);
  });

  it('sends urlencoded bodies just as well', async () => {
    configure(bodyEncoding === 'json' ? 'form' : 'json');
    actAs(sessions.admin);
    const other = unique('Contract Club form');
    await addClub({ clubname: other });
    const id = (await listClubs()).find((club) => club.clubname === other)?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    await deleteClub({ id });
  });
});

describe('seasons', () => {
  it('anyone reads the seasons, newest first; the first is the current one', async () => {
    actAsNobody();
    const seasons = await listSeasons();
    expect(seasons.length).toBeGreaterThan(0);
    expect(seasons.map((s) => s.year)).toEqual(
      [...seasons.map((s) => s.year)].sort((a, b) => b - a),
    );
    expect(seasons[0]).toEqual({
      year: expect.any(Number),
      opens_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      closes_on: seasons[0]?.closes_on === null ? null : expect.any(String),
      puja_starts_on: seasons[0]?.puja_starts_on === null ? null : expect.any(String),
      state: expect.stringMatching(/^(upcoming|open|closed)$/),
      review_closed_at: null,
    });
  });

  it('an application is of the current season: in the list, the history and the dashboard of that year', async () => {
    const [current] = await listSeasons();
    const { club, application } = await newApplication();
    expect(application.apply_year).toBe(String(current?.year));
    actAs(club.session);
    const history = await getMyApplicationHistory({ club_id: club.clubId });
    expect(history.map((app) => app.id)).toEqual([application.id]);
    actAs(sessions.admin);
    const ofYear = await listApplications({ year: current?.year });
    expect(ofYear.map((app) => app.id)).toContain(application.id);
    expect((await listApplications()).map((app) => app.id)).toContain(application.id);
    expect((await getDashboardStats({ year: current?.year })).total).toBeGreaterThan(0);
  });

  it('saves the current season unchanged; refuses a season not after the latest, and to store', async () => {
    const [current] = await listSeasons();
    if (!current) throw new Error('no season');
    actAs(sessions.admin);
    const saved = await updateSeason(current);
    expect(saved).toMatchObject({ messageKey: 'seasons.updated', season: { year: current.year } });
    const error = await refusal(addSeason({ year: current.year, opens_on: current.opens_on }));
    expect(error).toMatchObject({ kind: 'refused', messageKey: 'seasons.yearNotAfterLatest' });
    actAs(sessions.store);
    expect(
      (await refusal(addSeason({ year: current.year + 1, opens_on: '2099-01-01' }))).status,
    ).toBe(403);
    expect((await listSeasons())[0]).toEqual(current);
  });

  it('says what each season still has open, to staff; the review of a season still open cannot close', async () => {
    const [current] = await listSeasons();
    if (!current) throw new Error('no season');
    actAs(sessions.store);
    const open = await listSeasonOpenApplications();
    expect(open[0]).toMatchObject({ year: current.year, total: expect.any(Number) });
    expect(open[0]?.total).toBe(open[0]?.steps.reduce((sum, step) => sum + step.count, 0));
    expect((await refusal(closeSeasonReview({ year: current.year, reason: 'x' }))).status).toBe(
      403,
    );
    actAs(sessions.admin);
    expect(await refusal(closeSeasonReview({ year: current.year, reason: 'x' }))).toMatchObject({
      kind: 'refused',
      messageKey: 'seasons.reviewNotClosable',
    });
  });
});

describe('password reset and logout', () => {
  it('answers a reset request the same whether or not the address exists', async () => {
    const club = await newClub();
    const known = await requestPasswordReset({ email: club.email });
    const unknown = await requestPasswordReset({ email: `nobody-${stamp}@example.org` });
    expect(known.message).toMatch(/\S/);
    expect(unknown).toEqual(known);
  });

  it('refuses a blank reset address (400)', async () => {
    expect((await refusal(requestPasswordReset({ email: '' }))).status).toBe(400);
  });

  it('logout ends the token: a later call with it is 401, clears the session and goes to login', async () => {
    // A session of its own: the suite's admin session stays valid for the other tests.
    const session = await loginStaff(staffCredentials.admin);
    actAs(session);
    await logout();
    expect(sessionStore.getState().session).toBeNull();
    actAs(session);
    unauthorizedPaths.length = 0;
    expect((await refusal(listApplications())).status).toBe(401);
    expect(sessionStore.getState().session).toBeNull();
    expect(unauthorizedPaths).toEqual(['/admin/login']);
  });
});
