import type { z } from 'zod';
import { failure, request, requestData, postOutcome, type Outcome } from './http';
import { ApiError } from './errors';
import {
  clubLoginSchema,
  staffLoginSchema,
  type ClubSession,
  type ConsoleSession,
  type Session,
} from './schemas';
import { sessionStore } from './session-store';

/** Email and password of either login (SPEC §5). */
export interface Credentials {
  email: string;
  password: string;
}

/** POST /admin-login.php — logs a staff user (or an agency officer, issue 29) in and keeps the session. */
export async function loginStaff(credentials: Credentials): Promise<ConsoleSession> {
  return keep(await logIn('admin-login.php', credentials, staffLoginSchema));
}

/**
 * POST /club-login.php — logs a club in and keeps the session; the role is always club and a
 * missing token becomes MISSING_TOKEN_PLACEHOLDER (SPEC §6, §7).
 */
export async function loginClub(credentials: Credentials): Promise<ClubSession> {
  const session = await logIn('club-login.php', credentials, clubLoginSchema);
  return keep(session.email === '' ? { ...session, email: credentials.email.trim() } : session);
}

/** Either login: never sends an old session's token; failure: server message or "Login failed.". */
async function logIn<S extends z.ZodType<Session>>(
  path: string,
  credentials: Credentials,
  schema: S,
): Promise<z.output<S>> {
  return await requestData(
    {
      method: 'post',
      path,
      body: { email: credentials.email, password: credentials.password },
      fallback: 'login.failed',
      token: '',
    },
    schema,
  );
}

function keep<S extends Session>(session: S): S {
  sessionStore.getState().setSession(session);
  return session;
}

/**
 * POST /logout.php (addition) — forgets the session at once, then tells the server to end the
 * token, best-effort: logging out never fails.
 */
export async function logout(): Promise<void> {
  const token = sessionStore.getState().session?.token ?? '';
  sessionStore.getState().clearSession();
  if (token === '') return;
  try {
    await request({ method: 'post', path: 'logout.php', fallback: 'server.error', token });
  } catch (error) {
    // A host without /logout.php or a network hiccup leaves only a token that expires on its own.
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * POST /forget-password.php — asks for a new password by e-mail; resolves to the server's
 * message or "Password has been sent to your email!" (SPEC §8).
 */
export async function requestPasswordReset(input: { email: string }): Promise<Outcome> {
  try {
    return await postOutcome(
      'forget-password.php',
      { email: input.email },
      { fallback: 'forgotPassword.failed', success: 'forgotPassword.success' },
    );
  } catch (error) {
    // SPEC §8: an answer without a true status shows the server message or "Failed to reset
    // password."; an error (no answer, or an HTTP error without a readable one) shows "An error
    // occurred."
    if (
      error instanceof ApiError &&
      (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'http')
    ) {
      throw failure(error.kind, 'forgotPassword.error', { status: error.status, cause: error });
    }
    throw error;
  }
}

/**
 * POST /change-password.php (addition) — changes the logged-in user's own password:
 * `current_password` is required, except right after logging in with a temporary password
 * (`session.must_change_password`). The account's other sessions end; this one goes on (its
 * `must_change_password` is cleared). Refusals: `changePassword.currentRequired`,
 * `changePassword.currentWrong`, `validation.passwordTooShort`; fallback "Failed to change
 * password."
 */
export async function changePassword(input: {
  current_password?: string;
  new_password: string;
}): Promise<Outcome> {
  const outcome = await postOutcome(
    'change-password.php',
    { current_password: input.current_password, new_password: input.new_password },
    { fallback: 'changePassword.failed', success: 'changePassword.success' },
  );
  const session = sessionStore.getState().session;
  if (session?.role === 'club' && session.must_change_password) {
    const { must_change_password: _done, ...rest } = session;
    sessionStore.getState().setSession(rest);
  }
  return outcome;
}
