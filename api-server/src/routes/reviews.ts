import {
  FILE_FIELD_OF_DOCUMENT,
  MAX_LENGTH,
  REVIEW_DOCUMENTS,
  applyDocumentDecision,
  applyFinalDecision,
  decisionFromCode,
  applyReupload,
  statusKey,
  applyAcknowledgementUpload,
  validateUploadFile,
  type Application,
  type MessageKey,
  type ReviewDocument,
  type Transition,
} from '@puja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lockApplication, reviewColumns, toWire } from '../application-store';
import { recordAudit } from '../audit';
import { requireAction, requireOwnClub, type Caller } from '../auth';
import type { AppContext } from '../context';
import { bumpDataVersion } from '../db/client';
import { applications } from '../db/schema';
import { ApiError } from '../errors';
import { readInput, requireId, sendOk, stringField, validationError } from '../http';
import { storeUploads } from '../uploads';

/** Refusals that are bad input (400) rather than a workflow rule (422). */
const INPUT_MESSAGES = new Set<MessageKey>(['review.reasonRequired']);

function refused(message: MessageKey): ApiError {
  return new ApiError(INPUT_MESSAGES.has(message) ? 400 : 422, message);
}

/** A decision's reason, within the domain's limit (it is repeated in every list answer). */
function reasonField(fields: Record<string, unknown>, key: string): string {
  const reason = stringField(fields, key);
  if (reason.trim().length > MAX_LENGTH.reason) throw new ApiError(400, 'validation.textTooLong');
  return reason;
}

/** The document whose status a staff call sets; `load_agreement_status` is the old spelling. */
function documentOfStatusCall(fields: Record<string, unknown>): {
  doc: ReviewDocument;
  code: unknown;
  reason: string;
} {
  const present = REVIEW_DOCUMENTS.filter((doc) => fields[statusKey(doc)] !== undefined);
  if (present.length === 0 && fields.load_agreement_status !== undefined) {
    return {
      doc: 'agreement',
      code: fields.load_agreement_status,
      reason:
        reasonField(fields, 'load_agreement_reason') || reasonField(fields, 'agreement_reason'),
    };
  }
  const doc = present[0];
  if (present.length !== 1 || doc === undefined)
    throw new ApiError(400, 'validation.invalidRequest');
  return { doc, code: fields[statusKey(doc)], reason: reasonField(fields, `${doc}_reason`) };
}

/** The document a club re-uploads, by its file key (SPEC §7 update-images). */
const DOCUMENT_OF_FILE_FIELD = new Map(
  REVIEW_DOCUMENTS.map((doc) => [FILE_FIELD_OF_DOCUMENT[doc] as string, doc]),
);

/** Document review, re-upload, acknowledgement upload and the final decision (SPEC §4). */
export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, links, storage } = ctx;

  /**
   * Applies a domain transition to one locked application and records it. The club check runs
   * inside the lock, so ownership and state are read together.
   */
  async function transition(
    caller: Caller,
    id: number,
    change: (app: Application) => Transition,
    audit: (before: Application, after: Application) => Parameters<typeof recordAudit>[2],
    options: { ownOnly?: boolean } = {},
  ): Promise<{ before: Application; after: Application }> {
    return db.transaction(async (tx) => {
      const before = await lockApplication(tx, id);
      if (!before) throw new ApiError(404, 'applications.notFound');
      if (options.ownOnly) requireOwnClub(caller, before.club_id);
      const result = change(before);
      if (!result.ok) throw refused(result.message);
      await tx
        .update(applications)
        .set(reviewColumns(result.application))
        .where(eq(applications.id, id));
      await recordAudit(tx, caller, audit(before, result.application));
      await bumpDataVersion(tx);
      return { before, after: result.application };
    });
  }

  // POST /image-status-update.php {id, <doc>_status: 1|2, <doc>_reason}: admin and store.
  app.post('/image-status-update.php', async function updateDocumentStatus(request, reply) {
    const caller = await requireAction(db, request, 'reviewDocument');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const { doc, code, reason } = documentOfStatusCall(fields);
    const decision = decisionFromCode(code);
    if (!decision) throw new ApiError(400, 'validation.invalidRequest');
    const { after } = await transition(
      caller,
      id,
      (app) => applyDocumentDecision(app, doc, decision, reason),
      (before, next) => ({
        action: decision,
        entity: 'application',
        entityId: id,
        item: doc,
        from: before[statusKey(doc)],
        to: next[statusKey(doc)],
        reason: next[`${doc}_reason`],
      }),
    );
    return sendOk(
      reply,
      decision === 'approve' ? 'review.approveSuccess' : 'review.rejectSuccess',
      toWire(after, links),
    );
  });

  // POST /update-chairman-status.php {id, chairman_status: 1|2, chairman_reason}: admin, chairman.
  app.post('/update-chairman-status.php', async function updateChairmanStatus(request, reply) {
    const caller = await requireAction(db, request, 'decideFinal');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const decision = decisionFromCode(fields.chairman_status);
    if (!decision) throw new ApiError(400, 'validation.invalidRequest');
    const reason = reasonField(fields, 'chairman_reason');
    const { after } = await transition(
      caller,
      id,
      (app) => applyFinalDecision(app, decision, reason, new Date().toISOString()),
      (before, next) => ({
        action: decision,
        entity: 'application',
        entityId: id,
        item: 'chairman',
        from: before.chairman_status,
        to: next.chairman_status,
        reason: next.chairman_reason,
      }),
    );
    return sendOk(reply, 'final.success', toWire(after, links));
  });

  /** A club's single-file upload onto its own application, applied by a domain transition. */
  async function uploadOne(
    request: FastifyRequest,
    pick: (files: Map<string, unknown>) => {
      field: string;
      doc: ReviewDocument;
      missing: MessageKey;
    },
    change: (app: Application, doc: ReviewDocument, name: string) => Transition,
  ) {
    const caller = await requireAction(db, request, 'useClubArea');
    const { fields, files } = await readInput(request);
    const { field, doc, missing } = pick(files);
    const file = files.get(field);
    if (!file || fields.id === undefined) throw new ApiError(400, missing);
    const id = requireId(fields.id, missing);
    const problem = validateUploadFile(file);
    if (problem) throw validationError(problem);
    let replaced: string | null = null;
    const { after } = await storeUploads(storage, [file], ([name]) =>
      transition(
        caller,
        id,
        (app) => change(app, doc, name as string),
        (before, next) => {
          replaced = before[FILE_FIELD_OF_DOCUMENT[doc]];
          return {
            action: 'upload',
            entity: 'application',
            entityId: id,
            item: doc,
            from: replaced,
            to: next[FILE_FIELD_OF_DOCUMENT[doc]],
          };
        },
        { ownOnly: true },
      ),
    );
    // The replaced file is no longer referenced; the audit trail keeps its name.
    if (replaced) await storage.remove(replaced);
    return after;
  }

  // POST /update-images.php (multipart: id + one file under the document's file key): club, own.
  app.post('/update-images.php', async function reuploadImage(request, reply) {
    const after = await uploadOne(
      request,
      (files) => {
        const keys = [...files.keys()].filter((key) => DOCUMENT_OF_FILE_FIELD.has(key));
        const field = keys[0];
        if (field === undefined) throw new ApiError(400, 'reupload.noFile');
        if (keys.length > 1) throw new ApiError(400, 'validation.invalidRequest');
        return {
          field,
          doc: DOCUMENT_OF_FILE_FIELD.get(field) as ReviewDocument,
          missing: 'reupload.noFile',
        };
      },
      (app, doc, name) => applyReupload(app, doc, name),
    );
    return sendOk(reply, 'reupload.success', toWire(after, links));
  });

  // POST /acknowledgement-update.php (multipart: id + acknowledgement): club, own.
  app.post('/acknowledgement-update.php', async function uploadAcknowledgementFile(request, reply) {
    const after = await uploadOne(
      request,
      () => ({
        field: 'acknowledgement',
        doc: 'acknowledgement',
        missing: 'acknowledgementUpload.missing',
      }),
      (app, _doc, name) => applyAcknowledgementUpload(app, name),
    );
    return sendOk(reply, 'acknowledgementUpload.success', toWire(after, links));
  });
}
