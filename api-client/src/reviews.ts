import {
  codeFromStatus,
  DECISION_CODE,
  FILE_FIELD_OF_DOCUMENT,
  reasonKey,
  statusKey,
  type Decision,
  type ReviewDocument,
  type ReviewStatus,
  type SeenDocuments,
} from '@puja/domain';
import {
  applicationResult,
  sendApplicationDocument,
  type ApplicationResult,
  type DocumentOfApplication,
} from './applications';
import { request } from './http';

/** A staff decision on one document; a rejection carries its reason (SPEC §4). */
export interface DocumentDecision {
  id: number;
  doc: ReviewDocument;
  decision: Decision;
  reason?: string;
  /**
   * The document as the reviewer opened it (its path from the application, e.g.
   * `app.certificate_image`): a decision on a file replaced since is refused with 409
   * `review.documentChanged`. Left out, the server does not check.
   */
  file?: string | null;
}

/**
 * POST /image-status-update.php — approves or rejects one document: `<doc>_status` 1 or 2, and
 * `<doc>_reason` with a rejection (SPEC §7).
 */
export async function updateDocumentStatus(input: DocumentDecision): Promise<ApplicationResult> {
  const approve = input.decision === 'approve';
  const fallback = approve ? 'review.approveFailed' : 'review.rejectFailed';
  const envelope = await request({
    method: 'post',
    path: 'image-status-update.php',
    body: {
      id: input.id,
      [statusKey(input.doc)]: DECISION_CODE[input.decision],
      [reasonKey(input.doc)]: approve ? undefined : (input.reason ?? ''),
      [`${input.doc}_file`]: input.file ?? undefined,
    },
    fallback,
  });
  return applicationResult(
    envelope,
    approve ? 'review.approveSuccess' : 'review.rejectSuccess',
    fallback,
  );
}

/**
 * POST /update-images.php — the club replaces a rejected document under the document's file
 * key: a finished resumable upload's id (`<file key>_upload`, our server) or the file
 * (multipart).
 */
export async function reuploadDocument(
  input: DocumentOfApplication & { doc: ReviewDocument },
): Promise<ApplicationResult> {
  return sendApplicationDocument('update-images.php', FILE_FIELD_OF_DOCUMENT[input.doc], input, {
    fallback: 'reupload.failed',
    success: 'reupload.success',
  });
}

/**
 * POST /update-chairman-status.php — the chairman's final decision: 1 approve, 2 reject. `files`
 * names the document versions the chairman's screen showed (domain's `documentsShown`), sent as
 * `<doc>_file`: our server refuses the decision with 409 `final.documentChanged` when any was
 * replaced since; a host that ignores them decides as before. `replaces` names the decision
 * shown (sent as `previous_chairman_status`): changing a given decision must name it, and our
 * server refuses a decision over one given meanwhile with 409 `final.decisionChanged`.
 */
export async function decideFinal(input: {
  id: number;
  decision: Decision;
  reason?: string;
  files?: SeenDocuments;
  replaces?: ReviewStatus;
}): Promise<ApplicationResult> {
  const seen = Object.entries(input.files ?? {}).map(([doc, file]) => [`${doc}_file`, file]);
  const envelope = await request({
    method: 'post',
    path: 'update-chairman-status.php',
    body: {
      id: input.id,
      chairman_status: DECISION_CODE[input.decision],
      chairman_reason: input.decision === 'reject' ? (input.reason ?? '') : '',
      ...Object.fromEntries(seen),
      ...(input.replaces ? { previous_chairman_status: codeFromStatus(input.replaces) } : {}),
    },
    fallback: 'final.failed',
  });
  return applicationResult(envelope, 'final.success', 'final.failed');
}
