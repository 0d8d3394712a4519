import {
  FIRST_SEASON_YEAR,
  type Application,
  type ApplicationFileField,
  type ApplyNocFields,
  type DashboardStats,
  type MessageKey,
} from '@puja/domain';
import { z } from 'zod';
import { ApiError } from './errors';
import {
  outcomeOf,
  readData,
  requestData,
  requestIfChanged,
  postOutcome,
  type CallTexts,
  getCall,
  getData,
  type Call,
  type Outcome,
} from './http';
import {
  applicationListSchema,
  applicationSchema,
  dashboardSchema,
  historySchema,
  optionalApplicationSchema,
  type Envelope,
  type HistoryEntry,
} from './schemas';
import { sendDocuments, type DocumentSource } from './send-documents';

/** What a call that changes an application answers: its outcome and the application. */
export interface ApplicationResult extends Outcome {
  /** The application as it now stands; null from a host that does not send it back. */
  application: Application | null;
}

/** Upload progress from 0 to 1, for a progress bar. */
export type ProgressListener = (fraction: number) => void;

/** Which season a staff call is about: `year`, or the current season when absent. */
export interface SeasonQuery {
  year?: number | null | undefined;
}

/**
 * GET /apply-for-noc-list.php[?year=] — every application of the current season, or of
 * `year` (staff); lists are filtered by the domain.
 */
export async function listApplications(input?: SeasonQuery): Promise<Application[]> {
  return await requestData(listCall(input), applicationListSchema);
}

/** GET /apply-for-noc-list.php[?year=], the list of one season. */
function listCall(input: SeasonQuery | undefined): Call {
  return getCall('apply-for-noc-list.php', {
    fallback: 'applications.fetchFailed',
    year: input?.year,
  });
}

/** What a conditional list fetch answers: unchanged, or the new list with its ETag. */
export type ApplicationListChange =
  { changed: false } | { changed: true; applications: Application[]; etag: string | null };

/**
 * GET /apply-for-noc-list.php[?year=] with If-None-Match — the season's list only when it
 * changed since `etag` (an unchanged list costs a 304 and no body; each season has its own tag).
 * @example await listApplicationsIfChanged({ etag: '"abc"' }) // { changed: false }
 */
export async function listApplicationsIfChanged(
  input: { etag: string | null } & SeasonQuery,
): Promise<ApplicationListChange> {
  const answer = await requestIfChanged(listCall(input), input.etag);
  if (answer === null) return { changed: false };
  return {
    changed: true,
    applications: readData(answer.envelope, applicationListSchema, 'applications.fetchFailed'),
    etag: answer.etag,
  };
}

/** The first application of an answer that sends a list or a single object. */
const firstApplicationSchema = z
  .union([z.array(applicationSchema), applicationSchema.transform((app) => [app]), z.null()])
  .transform((list) => list?.[0] ?? null);

/** A club's own application(s) (`path` answered by `schema`), asked for by its club's id. */
function requestClubApplications<S extends z.ZodType>(
  path: 'my-noc.php' | 'my-noc-history.php',
  input: { club_id: number },
  schema: S,
): Promise<z.output<S>> {
  return requestData(
    {
      method: 'post',
      path,
      body: { club_id: input.club_id },
      fallback: 'applications.detailFetchFailed',
    },
    schema,
  );
}

/**
 * POST /my-noc.php — the club's own application, or null. SPEC §7: a failed lookup (the server
 * refusing, or an answer it cannot read) means "no application"; not reaching the server at all
 * still throws, so a club is not told it has none while offline.
 */
export async function getMyApplication(input: { club_id: number }): Promise<Application | null> {
  try {
    return await requestClubApplications('my-noc.php', input, firstApplicationSchema);
  } catch (error) {
    if (error instanceof ApiError && (error.isRefusal || error.kind === 'malformed')) return null;
    throw error;
  }
}

/**
 * POST /my-noc-history.php (addition) — the club's application of every season, newest first
 * (the dashboard's "Previous seasons", the renewal's prefill). A host that lacks the call has
 * one season: its answer is the current application alone (POST /my-noc.php).
 */
export async function getMyApplicationHistory(input: { club_id: number }): Promise<Application[]> {
  try {
    return await requestClubApplications('my-noc-history.php', input, applicationListSchema);
  } catch (error) {
    if (!(error instanceof ApiError && error.isRefusal && error.status === 404)) throw error;
    const current = await getMyApplication(input);
    return current ? [current] : [];
  }
}

/**
 * GET /dashboard.php[?year=] — the four staff counters of the current season (or `year`) as
 * numbers (pending never below 0); failure: "Failed to fetch dashboard stats."
 */
export async function getDashboardStats(input?: SeasonQuery): Promise<DashboardStats> {
  return await getData('dashboard.php', dashboardSchema, {
    fallback: 'dashboard.fetchFailed',
    year: input?.year,
  });
}

/** The application form as the apply call sends it. */
export interface ApplyForNocInput {
  /** From the session (SPEC §3). */
  club_id: number;
  /**
   * The current season's year (`listSeasons()[0].year`), sent as `apply_year` for a PHP host;
   * our server takes the current season whatever is sent. Default 2025 (a host without seasons).
   */
  apply_year?: number;
  fields: ApplyNocFields;
  /**
   * The five documents, each a file or a finished resumable upload's id; without the land
   * document when `landDocumentFrom` carries it over.
   */
  files: Readonly<Partial<Record<ApplicationFileField, DocumentSource>>>;
  /**
   * Renewal: the id of the club's earlier application whose land document the server copies
   * as this one's (`land_document_from`; only with the same land type, else refused with
   * `applyNoc.landDocumentNotReusable`).
   */
  landDocumentFrom?: number | null;
  onProgress?: ProgressListener;
}

/**
 * POST /apply-for-noc.php — submits the application with its five documents: the ids of
 * finished resumable uploads (`<field>_upload`, our server: only text, an instant answer) or the
 * files (multipart); four and `land_document_from` for a renewal that carries over last
 * season's land document. Refusals outside the season's window: `applyNoc.seasonNotOpen`,
 * `applyNoc.seasonClosed`.
 */
export async function applyForNoc(input: ApplyForNocInput): Promise<ApplicationResult> {
  const carried = input.landDocumentFrom ?? null;
  const documents = Object.fromEntries(
    Object.entries(input.files).filter(
      (entry): entry is [string, DocumentSource] =>
        entry[1] !== undefined && !(carried !== null && entry[0] === 'load_agreement_image'),
    ),
  );
  const envelope = await sendDocuments({
    path: 'apply-for-noc.php',
    fields: {
      club_id: input.club_id,
      apply_year: input.apply_year ?? FIRST_SEASON_YEAR,
      ...input.fields,
      ...(carried !== null ? { land_document_from: carried } : {}),
    },
    documents,
    fallback: 'applyNoc.failed',
    onProgress: input.onProgress,
  });
  return applicationResult(envelope, 'applyNoc.success', 'applyNoc.failed');
}

/**
 * POST /acknowledgement-update.php — the signed acknowledgement: a finished resumable upload's
 * id (our server) or the file (multipart).
 */
export async function uploadAcknowledgement(
  input: DocumentOfApplication,
): Promise<ApplicationResult> {
  return sendApplicationDocument('acknowledgement-update.php', 'acknowledgement', input, {
    fallback: 'acknowledgementUpload.failed',
    success: 'acknowledgementUpload.success',
  });
}

/** GET /application-history.php?id= (addition) — who changed what on an application (staff). */
export async function getApplicationHistory(input: { id: number }): Promise<HistoryEntry[]> {
  return await requestData(
    {
      method: 'get',
      path: 'application-history.php',
      searchParams: { id: input.id },
      fallback: 'applications.historyFetchFailed',
    },
    historySchema,
  );
}

/**
 * POST /resend-sms.php {id} (addition, issue 23) — staff send the application's last SMS again
 * to the club's phone; refused (422, `sms.nothingToResend`) when there is none or the club has
 * no mobile number; fallback "Failed to send the SMS again."
 */
export async function resendLastSms(input: { id: number }): Promise<Outcome> {
  return postOutcome(
    'resend-sms.php',
    { id: input.id },
    { fallback: 'sms.resendFailed', success: 'sms.resendQueued' },
  );
}

/** Reads the answer of a call that changes an application. */
export function applicationResult(
  envelope: Envelope,
  success: MessageKey,
  fallback: MessageKey,
): ApplicationResult {
  return {
    ...outcomeOf(envelope, success),
    application: readData(envelope, optionalApplicationSchema, fallback),
  };
}

/** One document of an application as a club sends it, with the upload's progress. */
export interface DocumentOfApplication {
  id: number;
  file: DocumentSource;
  onProgress?: ProgressListener;
}

/**
 * Sends one document of the application `input.id` as `field` (`sendDocuments`: a finished
 * resumable upload's id or the file) and reads the application it answers.
 */
export async function sendApplicationDocument(
  path: string,
  field: string,
  input: DocumentOfApplication,
  texts: CallTexts,
): Promise<ApplicationResult> {
  const envelope = await sendDocuments({
    path,
    fields: { id: input.id },
    documents: { [field]: input.file },
    fallback: texts.fallback,
    onProgress: input.onProgress,
  });
  return applicationResult(envelope, texts.success, texts.fallback);
}
