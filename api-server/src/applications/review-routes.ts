import {
  EVENTS,
  FILE_FIELD_OF_DOCUMENT,
  REVIEW_DOCUMENTS,
  applyAcknowledgementUpload,
  applyDocumentDecision,
  applyFinalDecision,
  applyReupload,
  decisionFromCode,
  finalDecisionAction,
  fromCamera,
  refuse,
  statusKey,
  statusOfExactCode,
  successKeyOf,
  validateUploadFile,
  type Application,
  type ApplicationAction,
  type ApplicationEvent,
  type ApplicationOutcome,
  type EventOf,
  type ReviewDocument,
  type SeenDocuments,
  type MessageKey,
} from '@puja/domain';
import type { FastifyInstance } from 'fastify';
import {
  changeApplication,
  findApplication,
  seenDocumentVersions,
  toWire,
} from './application-store';
import { requireAction, type Caller } from '../accounts/auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import {
  readInput,
  requireId,
  sendOk,
  stringField,
  validationError,
  type UploadedFile,
} from '../http/http';
import { onceForTheseUploads, type UploadCall } from '../uploads/staged-uploads';
import { storeUploads } from '../uploads/uploads';
import { referOnAcknowledgement, referralApprovalBlocker } from '../departments/referral-store';

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
        stringField(fields, 'load_agreement_reason') || stringField(fields, 'agreement_reason'),
    };
  }
  const doc = present[0];
  if (present.length !== 1 || doc === undefined)
    throw new ApiError(400, 'validation.invalidRequest');
  return { doc, code: fields[statusKey(doc)], reason: stringField(fields, `${doc}_reason`) };
}

/**
 * The document versions a decision names: `<doc>_file` for each document the reviewer saw (the
 * path as listed). Optional: a PHP-era client sends none, and nothing is then checked.
 */
function seenFilesOf(
  fields: Record<string, unknown>,
  docs: readonly ReviewDocument[] = REVIEW_DOCUMENTS,
): SeenDocuments {
  const seen: SeenDocuments = {};
  for (const doc of docs) {
    const file = stringField(fields, `${doc}_file`);
    if (file !== '') seen[doc] = file;
  }
  return seen;
}

/** The document a club re-uploads, by its file key (SPEC §7 update-images). */
const DOCUMENT_OF_FILE_FIELD = new Map(
  REVIEW_DOCUMENTS.map((doc) => [FILE_FIELD_OF_DOCUMENT[doc] as string, doc]),
);

/**
 * Runs one application change in its own transaction (first using up staged uploads, for the
 * call that names them); the action is what its season's state is checked for (issue 27).
 */
function changeRunner(ctx: AppContext) {
  return <E extends ApplicationEvent>(
    caller: Caller,
    id: number,
    transition: (app: Application) => ApplicationOutcome<E>,
    action: ApplicationAction | ((app: Application) => ApplicationAction),
    staged: { files: readonly UploadedFile[]; call: UploadCall } | null = null,
  ) =>
    ctx.db.transaction(async (tx) => {
      if (staged) {
        await ctx.stagedUploads.claim(tx, caller, staged.files, {
          call: staged.call,
          applicationId: id,
        });
      }
      return changeApplication(tx, caller, id, transition, ctx.config, action, ctx.now());
    });
}

/** Document review, re-upload, acknowledgement upload and the final decision (SPEC §4). */
export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDecisionRoutes(app, ctx);
  registerClubUploadRoutes(app, ctx);
}

/** Staff decisions: one document in review order, and the chairman's final decision. */
function registerDecisionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, links } = ctx;

  /**
   * POST /image-status-update.php {id, <doc>_status: 1|2, <doc>_reason}: admin and store decide
   * one document, in review order.
   */
  app.post('/image-status-update.php', async function updateDocumentStatus(request, reply) {
    const caller = await requireAction(db, request, 'reviewDocument');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const { doc, code, reason } = documentOfStatusCall(fields);
    const decision = decisionFromCode(code);
    if (!decision) throw new ApiError(400, 'validation.invalidRequest');
    const seen = await seenDocumentVersions(db, id, seenFilesOf(fields, [doc]));
    // Issue 29: the acknowledgement accepted refers the application to the departments, in
    // the same transaction.
    const { after, event } = await db.transaction(async (tx) => {
      const changed = await changeApplication(
        tx,
        caller,
        id,
        (app) => applyDocumentDecision(app, doc, decision, reason, seen[doc]),
        ctx.config,
        'reviewDocument',
        ctx.now(),
      );
      await referOnAcknowledgement(tx, caller, ctx.config, changed, ctx.now());
      return changed;
    });
    return sendOk(reply, successKeyOf(event), toWire(after, links));
  });

  /**
   * POST /update-chairman-status.php {id, chairman_status: 1|2, chairman_reason, and optionally
   * `<doc>_file` for each document the chairman's screen showed, and `previous_chairman_status`
   * (0|1|2), the decision this one replaces}: admin and chairman record the final decision.
   * Without `previous_chairman_status` only a Pending application is decided (the PHP-era call);
   * a decision given meanwhile, or one not named, is refused with 409 (`final.decisionChanged`,
   * `final.alreadyDecided`), as is one naming a document replaced since. Concurrent decisions
   * are serialised by the application's row lock: exactly one wins (issue 19).
   */
  app.post('/update-chairman-status.php', async function decideFinal(request, reply) {
    const caller = await requireAction(db, request, 'decideFinal');
    const { fields } = await readInput(request);
    const id = requireId(fields.id);
    const decision = decisionFromCode(fields.chairman_status);
    if (!decision) throw new ApiError(400, 'validation.invalidRequest');
    const named = fields.previous_chairman_status;
    const replaces = named === undefined || named === '' ? 'Pending' : statusOfExactCode(named);
    if (!replaces) throw new ApiError(400, 'validation.invalidRequest');
    const reason = stringField(fields, 'chairman_reason');
    const decidedAt = new Date(ctx.now()).toISOString();
    const seen = await seenDocumentVersions(db, id, seenFilesOf(fields));
    // Issue 29: an approval needs every referral cleared (read under the application's lock,
    // so no referral decision crosses it); a rejection stays possible.
    const { after, event } = await db.transaction(async (tx) => {
      const blocker = decision === 'approve' ? await referralApprovalBlocker(tx, id) : null;
      return changeApplication(
        tx,
        caller,
        id,
        (app) => {
          const decided = applyFinalDecision(app, decision, reason, decidedAt, seen, replaces);
          return decided.ok && blocker !== null ? refuse(blocker, 'rule') : decided;
        },
        ctx.config,
        (app) => finalDecisionAction(app, decision),
        ctx.now(),
      );
    });
    return sendOk(reply, successKeyOf(event), toWire(after, links));
  });
}

/** A club's uploads onto its own application: a rejected document again, the acknowledgement. */
function registerClubUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, links } = ctx;
  const change = changeRunner(ctx);
  /** A club's upload call carries one document. */
  const oneFile = { config: { uploadFiles: 1 } };

  /**
   * A club's one-file upload onto its own application: the file is stored, then the transition
   * names it. The version it replaces is kept: the audit trail links every version.
   */
  async function uploadOne<E extends EventOf<'documentUploaded' | 'acknowledgementUploaded'>>(
    caller: Caller,
    id: number,
    file: UploadedFile,
    call: UploadCall,
    transition: (app: Application, name: string) => ApplicationOutcome<E>,
    action: ApplicationAction,
  ): Promise<{ after: Application; event: E }> {
    const problem = validateUploadFile(file);
    if (problem) throw validationError(problem);
    const changed = await storeUploads(ctx, caller.userId, [file], ([name]) =>
      // A document of photos (issue 31): its audit entry says how many pages it was built of.
      change(
        caller,
        id,
        (app) => fromCamera(transition(app, name as string), file.pages?.length),
        action,
        {
          files: [file],
          call,
        },
      ),
    );
    await ctx.stagedUploads.discard([file]);
    return changed;
  }

  /** The answer to a repeated call: the application as it is now, as the first call answered. */
  const repeated =
    <T>(answer: (app: Application) => T) =>
    async (id: number) =>
      answer((await findApplication(db, id)) as Application);

  /**
   * POST /update-images.php (multipart: id + one file under the document's file key, or the
   * id of a finished resumable upload as `<file key>_upload`): a club replaces a rejected
   * document of its own application. Sent again with the same upload id, it answers as the
   * first did.
   */
  app.post('/update-images.php', oneFile, async function reuploadDocument(request, reply) {
    const caller = await requireAction(db, request, 'useClubArea');
    const { fields, files } = await readInput(request);
    const fileFields = [...DOCUMENT_OF_FILE_FIELD.keys()];
    const answer = (after: Application, key: MessageKey = EVENTS.documentUploaded.success) =>
      sendOk(reply, key, toWire(after, links));
    const run = async () => {
      await ctx.stagedUploads.resolve(caller, fields, fileFields, files);
      const keys = [...files.keys()].filter((key) => DOCUMENT_OF_FILE_FIELD.has(key));
      const field = keys[0];
      if (field === undefined) throw new ApiError(400, 'reupload.noFile');
      if (keys.length > 1) throw new ApiError(400, 'validation.invalidRequest');
      if (fields.id === undefined) throw new ApiError(400, 'reupload.noFile');
      const doc = DOCUMENT_OF_FILE_FIELD.get(field) as ReviewDocument;
      const id = requireId(fields.id, 'reupload.noFile');
      const file = files.get(field) as UploadedFile;
      const { after, event } = await uploadOne(
        caller,
        id,
        file,
        'reupload',
        (app, name) => applyReupload(app, doc, name),
        'reupload',
      );
      return answer(after, successKeyOf(event));
    };
    const what = { caller, fields, fileFields, call: 'reupload' as const };
    return onceForTheseUploads(ctx.stagedUploads, request, what, run, repeated(answer));
  });

  /**
   * POST /acknowledgement-update.php (multipart: id + acknowledgement, or `acknowledgement_upload`
   * = a finished resumable upload's id): a club uploads the signed acknowledgement of its own
   * application. Sent again with the same upload id, it answers as the first did.
   */
  app.post(
    '/acknowledgement-update.php',
    oneFile,
    async function uploadAcknowledgement(request, reply) {
      const caller = await requireAction(db, request, 'useClubArea');
      const { fields, files } = await readInput(request);
      const answer = (
        after: Application,
        key: MessageKey = EVENTS.acknowledgementUploaded.success,
      ) => sendOk(reply, key, toWire(after, links));
      const run = async () => {
        await ctx.stagedUploads.resolve(caller, fields, ['acknowledgement'], files);
        const file = files.get('acknowledgement');
        if (!file || fields.id === undefined) {
          throw new ApiError(400, 'acknowledgementUpload.missing');
        }
        const id = requireId(fields.id, 'acknowledgementUpload.missing');
        const { after, event } = await uploadOne(
          caller,
          id,
          file,
          'acknowledgement',
          applyAcknowledgementUpload,
          'acknowledge',
        );
        return answer(after, successKeyOf(event));
      };
      const what = {
        caller,
        fields,
        fileFields: ['acknowledgement'],
        call: 'acknowledgement' as const,
      };
      return onceForTheseUploads(ctx.stagedUploads, request, what, run, repeated(answer));
    },
  );
}
