import { hasAcknowledgement, type Application } from './application';

/**
 * SPEC §2 Document Review Panel (store): applications whose certificate or land agreement is
 * Pending. Like the NOC list, only applications with an acknowledgement: nothing can be
 * reviewed before it exists.
 * @example awaitsDocumentReview(app) // true while certificate or agreement is Pending
 */
export function awaitsDocumentReview(app: Application): boolean {
  return (
    hasAcknowledgement(app) &&
    (app.certificate_status === 'Pending' || app.agreement_status === 'Pending')
  );
}

/**
 * SPEC §2 Chairman Final Review: certificate and land agreement Approved, chairman Pending.
 * @example awaitsChairmanReview(app) // true when the final decision is due
 */
export function awaitsChairmanReview(app: Application): boolean {
  return (
    app.certificate_status === 'Approved' &&
    app.agreement_status === 'Approved' &&
    app.chairman_status === 'Pending'
  );
}
