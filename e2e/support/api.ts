/**
 * Test setup through the real API with api-client, as a staff user or a club would do it in
 * the apps: data a journey starts from, or a step made by the other side (staff decisions in a
 * club journey, a re-upload in a staff journey). Never a hidden door into the product.
 * api-client keeps one session per process: each helper sets the session it needs for its call.
 */
import {
  addClub,
  configureApi,
  confirmRegistration,
  listClubs,
  loginClub,
  loginStaff,
  registerClub,
  registrationAwaitsConfirmation,
  sessionStore,
  type ClubSession,
  type Session,
} from '@puja/api-client';
import { demo, type DemoStaffRole } from './accounts';
import { confirmationLink } from './mail';

let configuredFor = '';
const staffSessions = new Map<DemoStaffRole, Session>();

function useApi(apiUrl: string): void {
  if (configuredFor === apiUrl) return;
  configureApi({ baseUrl: `${apiUrl}/` });
  configuredFor = apiUrl;
  staffSessions.clear();
}

async function withSession<T>(session: Session, action: () => Promise<T>): Promise<T> {
  sessionStore.getState().setSession(session);
  try {
    return await action();
  } finally {
    sessionStore.getState().clearSession();
  }
}

/** Runs api-client calls as a demo staff user (logged in once per worker). */
export async function asStaff<T>(
  apiUrl: string,
  role: DemoStaffRole,
  action: () => Promise<T>,
): Promise<T> {
  useApi(apiUrl);
  let session = staffSessions.get(role);
  if (session === undefined) {
    session = await loginStaff(demo[role]);
    staffSessions.set(role, session);
  }
  return withSession(session, action);
}

/** Runs api-client calls as a club account. */
export async function asClub<T>(
  apiUrl: string,
  credentials: { email: string; password: string },
  action: (session: ClubSession) => Promise<T>,
): Promise<T> {
  useApi(apiUrl);
  const session = await loginClub(credentials);
  return withSession(session, () => action(session));
}

let counter = 0;

/** A club name no other test uses: "E2E Sangha <worker>-<n>-<time>". */
export function newClubName(prefix = 'E2E Sangha'): string {
  counter += 1;
  return `${prefix} ${process.pid}-${counter}-${Date.now().toString(36)}`;
}

/** The admin adds an active club; resolves to its id. */
export async function createClub(apiUrl: string, name: string): Promise<number> {
  return asStaff(apiUrl, 'admin', async () => {
    await addClub({ clubname: name });
    const club = (await listClubs()).find((c) => c.clubname === name);
    if (club === undefined) throw new Error(`club "${name}" missing after adding it`);
    return club.id;
  });
}

export interface ClubAccount {
  clubId: number;
  clubName: string;
  email: string;
  password: string;
}

/**
 * A fresh club registered with an account (no application yet); `dataDir` is the server's
 * DATA_DIR (where its confirmation mail is written) when it is not the shared stack's.
 */
export async function registerClubAccount(apiUrl: string, dataDir?: string): Promise<ClubAccount> {
  const clubName = newClubName();
  const clubId = await createClub(apiUrl, clubName);
  const email = `${clubName.replace(/\W+/g, '-').toLowerCase()}@example.org`;
  const password = 'Club#Pass2025';
  const registered = await registerClub({
    club_id: clubId,
    govt_register_no: '',
    phone: '9830012345',
    email,
    address: '12 Rashbehari Avenue, Kolkata',
    ward_no: 7,
    password,
  });
  // Confirmed as the club does: with the token of the link mailed to it (decision 0028).
  if (registrationAwaitsConfirmation(registered)) {
    const link = await confirmationLink(email, dataDir ? { dataDir } : {});
    const token = new URL(link).searchParams.get('token') ?? '';
    await confirmRegistration({ token });
  }
  return { clubId, clubName, email, password };
}
