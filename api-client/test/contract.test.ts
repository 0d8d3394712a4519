/**
 * Contract suite: every api-client function against a real server, through the whole life of
 * an application plus the refusals. By default it starts our api-server on a free port with a
 * fresh data directory; with CONTRACT_BASE_URL it runs against that host instead (see README).
 */
import {
  APPLICATION_FILE_FIELDS,
  filterIssuedNocs,
  MAX_FILE_BYTES,
  memoNumberOf,
  type Application,
  type ApplicationFileField,
} from '@puja/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addClub,
  addUser,
  ApiError,
  applyForNoc,
  configureApi,
  decideFinal,
  deleteClub,
  deleteUser,
  documentUrl,
  getApplicationHistory,
  getDashboardStats,
  getMyApplication,
  listApplications,
  listClubs,
  listUsers,
  loginClub,
  loginStaff,
  logout,
  registerClub,
  requestPasswordReset,
  reuploadDocument,
  sessionStore,
  setClubStatus,
  setUnauthorizedHandler,
  updateClub,
  updateDocumentStatus,
  updateUser,
  uploadAcknowledgement,
  type BodyEncoding,
  type ClubSession,
  type Session,
  type StaffSession,
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
const sessions: Partial<Record<'admin' | 'store' | 'chairman', StaffSession>> = {};
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
  if (!env.CONTRACT_BASE_URL) server = await startServer();
  configure(bodyEncoding);
  setUnauthorizedHandler((path) => unauthorizedPaths.push(path));
  for (const role of ['admin', 'store', 'chairman'] as const) {
    sessions[role] = await loginStaff(staffCredentials[role]);
  }
}, 120_000);

afterAll(async () => {
  setUnauthorizedHandler(null);
  await server?.stop();
});

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

// —— The life of one application ——

interface ClubAccount {
  clubId: number;
  clubname: string;
  email: string;
  session?: ClubSession;
}
const clubA: ClubAccount = {
  clubId: 0,
  clubname: `Contract Club A ${stamp}`,
  email: `contract-a-${stamp}@example.org`,
};
const clubB: ClubAccount = {
  clubId: 0,
  clubname: `Contract Club B ${stamp}`,
  email: `contract-b-${stamp}@example.org`,
};
let application: Application;

function registration(club: ClubAccount) {
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

describe('club registration and login', () => {
  it('staff add two clubs that then appear in the public club list', async () => {
    actAs(sessions.store);
    expect((await addClub({ clubname: clubA.clubname })).message).toMatch(/\S/);
    expect((await addClub({ clubname: clubB.clubname })).message).toMatch(/\S/);
    sessionStore.getState().clearSession();
    const clubs = await listClubs({
      onError: (error) => {
        throw error;
      },
    });
    for (const club of [clubA, clubB]) {
      const listed = clubs.find((candidate) => candidate.clubname === club.clubname);
      expect(listed).toMatchObject({ status: 'A' });
      club.clubId = listed?.id ?? 0;
    }
  });

  it('registers a club picked from the list', async () => {
    sessionStore.getState().clearSession();
    expect((await registerClub(registration(clubA))).message).toMatch(/\S/);
    expect((await registerClub(registration(clubB))).message).toMatch(/\S/);
  });

  it('refuses a second registration of the same club with 409', async () => {
    const error = await refusal(
      registerClub({ ...registration(clubA), email: `again-${stamp}@example.org` }),
    );
    expect(error).toMatchObject({
      kind: 'refused',
      status: 409,
      message: 'This club is already registered.',
      messageKey: 'registration.alreadyRegistered',
    });
  });

  it('logs the clubs in as role club', async () => {
    clubA.session = await loginClub({ email: clubA.email, password: clubPassword });
    expect(clubA.session).toMatchObject({
      role: 'club',
      club_id: clubA.clubId,
      clubname: clubA.clubname,
      email: clubA.email,
    });
    expect(clubA.session.token).not.toBe('');
    clubB.session = await loginClub({ email: clubB.email, password: clubPassword });
  });

  it('refuses a wrong club password', async () => {
    const error = await refusal(loginClub({ email: clubA.email, password: 'nope-nope' }));
    expect(error).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('reads "no application" before the club applies', async () => {
    actAs(clubA.session);
    expect(await getMyApplication({ club_id: clubA.clubId })).toBeNull();
  });
});

describe('applying', () => {
  const files = (): Record<ApplicationFileField, File> =>
    Object.fromEntries(
      APPLICATION_FILE_FIELDS.map((field, index) => [field, index % 2 ? png(field) : pdf(field)]),
    ) as Record<ApplicationFileField, File>;

  it('applies with five files and gets the new application back', async () => {
    actAs(clubA.session);
    const progress: number[] = [];
    const result = await applyForNoc({
      club_id: clubA.clubId,
      fields: applyFields,
      files: files(),
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(progress.at(-1)).toBe(1);
    expect(result.application).not.toBeNull();
    application = result.application as Application;
    expect(application).toMatchObject({
      club_id: clubA.clubId,
      club_name: clubA.clubname,
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
      expect(application[field]).toEqual(expect.any(String));
  });

  it('refuses a second application with 409', async () => {
    actAs(clubA.session);
    const error = await refusal(
      applyForNoc({ club_id: clubA.clubId, fields: applyFields, files: files() }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 409 });
  });

  it("finds the application as the club's own", async () => {
    actAs(clubA.session);
    expect(await getMyApplication({ club_id: clubA.clubId })).toMatchObject({ id: application.id });
  });

  it('opens a document at the files base plus its path', async () => {
    const response = await fetch(documentUrl(application.puja_budget ?? ''));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
  });
});

describe('refusals before review', () => {
  it('refuses a call without a session with 401', async () => {
    sessionStore.getState().clearSession();
    expect(await refusal(listApplications())).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('refuses staff calls to a club (403)', async () => {
    actAs(clubA.session);
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
    actAs(clubB.session);
    const lookup = await refusal(
      // getMyApplication reads refusals as "no application"; the raw call shows the 403.
      uploadAcknowledgement({ id: application.id, file: pdf('ack') }),
    );
    expect(lookup.status).toBe(403);
    expect(await getMyApplication({ club_id: clubA.clubId })).toBeNull();
    expect(
      (await refusal(reuploadDocument({ id: application.id, doc: 'certificate', file: pdf('x') })))
        .status,
    ).toBe(403);
  });

  it('refuses reviewing the acknowledgement before it is uploaded (422)', async () => {
    actAs(sessions.store);
    const error = await refusal(
      updateDocumentStatus({ id: application.id, doc: 'acknowledgement', decision: 'approve' }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
  });
});

describe('review', () => {
  it('the club uploads the signed acknowledgement', async () => {
    actAs(clubA.session);
    const result = await uploadAcknowledgement({ id: application.id, file: png('signed-ack') });
    expect(result.application?.acknowledgement).toEqual(expect.any(String));
    expect(result.application?.acknowledgement_status).toBe('Pending');
  });

  it('refuses a review out of order (422)', async () => {
    actAs(sessions.store);
    const error = await refusal(
      updateDocumentStatus({ id: application.id, doc: 'certificate', decision: 'approve' }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
  });

  it('refuses review by the chairman and the final decision by store (403)', async () => {
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
    actAs(sessions.store);
    await updateDocumentStatus({ id: application.id, doc: 'acknowledgement', decision: 'approve' });
    await updateDocumentStatus({
      id: application.id,
      doc: 'chairman_application_certificate',
      decision: 'approve',
    });
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
    actAs(sessions.chairman);
    const error = await refusal(decideFinal({ id: application.id, decision: 'approve' }));
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
  });

  it('refuses a file that is neither an image nor a PDF (415)', async () => {
    actAs(clubA.session);
    const fake = new File(['plain text, not a PDF'], 'sdo.pdf', { type: 'application/pdf' });
    const error = await refusal(
      reuploadDocument({ id: application.id, doc: 'certificate', file: fake }),
    );
    expect(error).toMatchObject({ kind: 'refused', status: 415 });
  });

  it('refuses a file over 3 MB (413)', async () => {
    actAs(clubA.session);
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

  it('the club re-uploads the rejected certificate, which is pending again', async () => {
    actAs(clubA.session);
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
    actAs(sessions.chairman);
    const result = await decideFinal({ id: application.id, decision: 'approve' });
    expect(result.application?.chairman_status).toBe('Approved');
    expect(result.application?.chairman_approved_date).toEqual(expect.any(String));
  });

  it('refuses a second final decision (422)', async () => {
    actAs(sessions.chairman);
    const error = await refusal(
      decideFinal({ id: application.id, decision: 'reject', reason: 'x' }),
    );
    expect(error.status).toBe(422);
  });

  it('lists the application among the issued NOCs, and the club sees it approved', async () => {
    actAs(sessions.admin);
    const all = await listApplications();
    const issued = filterIssuedNocs(all, {
      q: memoNumberOf(application),
      ward: applyFields.ward_no,
    });
    expect(issued.map((app) => app.id)).toContain(application.id);
    expect(issued.find((app) => app.id === application.id)).toMatchObject({
      club_name: clubA.clubname,
      chairman_status: 'Approved',
    });
    actAs(clubA.session);
    expect(await getMyApplication({ club_id: clubA.clubId })).toMatchObject({
      chairman_status: 'Approved',
    });
  });

  it('counts it on the dashboard', async () => {
    actAs(sessions.store);
    const counts = await getDashboardStats();
    expect(counts.total).toBeGreaterThanOrEqual(1);
    expect(counts.approved).toBeGreaterThanOrEqual(1);
    expect(counts.approved + counts.rejected).toBeLessThanOrEqual(counts.total);
  });

  it('records the history of the application', async () => {
    actAs(sessions.admin);
    const history = await getApplicationHistory({ id: application.id });
    expect(history.length).toBeGreaterThanOrEqual(8);
    expect(history.some((entry) => entry.reason === 'The stamp is not readable.')).toBe(true);
  });
});

describe('users', () => {
  const email = `contract-user-${stamp}@example.org`;
  const user = {
    name: 'Contract Store',
    email,
    phone: '9830066666',
    role: 'store' as const,
    deptment: 'store' as const,
  };
  let userId = 0;

  it('admin adds a store user who can log in', async () => {
    actAs(sessions.admin);
    expect((await addUser({ ...user, password: 'Contract#User1' })).message).toMatch(/\S/);
    const listed = (await listUsers()).find((candidate) => candidate.email === email);
    expect(listed).toMatchObject({ name: 'Contract Store', role: 'store', deptment: 'store' });
    userId = listed?.id ?? 0;
    const session = await loginStaff({ email, password: 'Contract#User1' });
    expect(session.role).toBe('store');
  });

  it('refuses a duplicate user (409)', async () => {
    actAs(sessions.admin);
    expect((await refusal(addUser({ ...user, password: 'Contract#User1' }))).status).toBe(409);
  });

  it('the chairman edits the user; a blank password keeps the old one', async () => {
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
    expect((await loginStaff({ email, password: 'Contract#User1' })).role).toBe('chairman');
  });

  it('refuses user management to store (403)', async () => {
    actAs(sessions.store);
    expect((await refusal(listUsers())).status).toBe(403);
    expect((await refusal(deleteUser({ id: userId }))).status).toBe(403);
  });

  it('admin deletes the user', async () => {
    actAs(sessions.admin);
    expect((await deleteUser({ id: userId })).message).toMatch(/\S/);
    expect((await listUsers()).some((candidate) => candidate.id === userId)).toBe(false);
  });
});

describe('clubs', () => {
  const name = `Contract Club C ${stamp}`;
  let clubId = 0;

  it('store adds, renames and deactivates a club', async () => {
    actAs(sessions.store);
    await addClub({ clubname: name });
    clubId = (await listClubs()).find((club) => club.clubname === name)?.id ?? 0;
    expect(clubId).toBeGreaterThan(0);
    await updateClub({ id: clubId, clubname: `${name} renamed` });
    expect(await setClubStatus({ id: clubId, status: 'I' })).toEqual({
      message: 'Club status updated to Inactive',
      messageKey: 'clubs.statusInactive',
    });
    expect((await listClubs()).find((club) => club.id === clubId)).toEqual({
      id: clubId,
      clubname: `${name} renamed`,
      status: 'I',
    });
  });

  it('refuses registering an inactive club', async () => {
    sessionStore.getState().clearSession();
    const error = await refusal(
      registerClub({ ...registration(clubA), club_id: clubId, email: `c-${stamp}@example.org` }),
    );
    expect([400, 422]).toContain(error.status);
  });

  it('refuses club management to a club (403)', async () => {
    actAs(clubA.session);
    expect((await refusal(addClub({ clubname: `${name} by club` }))).status).toBe(403);
  });

  it('store deletes the club', async () => {
    actAs(sessions.store);
    expect((await deleteClub({ id: clubId })).message).toMatch(/\S/);
    expect((await listClubs()).some((club) => club.id === clubId)).toBe(false);
  });

  it('sends urlencoded bodies just as well', async () => {
    configure(bodyEncoding === 'json' ? 'form' : 'json');
    try {
      actAs(sessions.admin);
      const other = `${name} form`;
      await addClub({ clubname: other });
      const id = (await listClubs()).find((club) => club.clubname === other)?.id ?? 0;
      expect(id).toBeGreaterThan(0);
      await deleteClub({ id });
    } finally {
      configure(bodyEncoding);
    }
  });
});

describe('password reset and logout', () => {
  it('answers a reset request the same whether or not the address exists', async () => {
    sessionStore.getState().clearSession();
    const known = await requestPasswordReset({ email: clubB.email });
    const unknown = await requestPasswordReset({ email: `nobody-${stamp}@example.org` });
    expect(known.message).toMatch(/\S/);
    expect(unknown).toEqual(known);
  });

  it('refuses a blank reset address (400)', async () => {
    expect((await refusal(requestPasswordReset({ email: '' }))).status).toBe(400);
  });

  it('logout ends the token: a later call with it is 401, clears the session and goes to login', async () => {
    // The last test: it ends the admin session the suite has used throughout.
    actAs(sessions.admin);
    await logout();
    expect(sessionStore.getState().session).toBeNull();
    actAs(sessions.admin);
    unauthorizedPaths.length = 0;
    expect((await refusal(listApplications())).status).toBe(401);
    expect(sessionStore.getState().session).toBeNull();
    expect(unauthorizedPaths).toEqual(['/admin/login']);
  });
});
