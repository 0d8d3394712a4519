/**
 * The documents a club uploaded, as it may open them from its dashboard (issue 27): the five
 * of the application and the signed acknowledgement, each that is there, a rejected one
 * included (the club sees what was refused), in the order the club sent them.
 */
import {
  FILE_FIELD_OF_DOCUMENT,
  REVIEW_DOCUMENTS,
  type Application,
  type DocumentFileField,
} from './application';
import { landDocumentLabel } from './land-type';
import type { MessageKey } from './messages';

/** One document the club can open: its name, its file path (as the server sent it), rejected. */
export interface ClubDocument {
  field: DocumentFileField;
  label: MessageKey;
  path: string;
  rejected: boolean;
}

const ORDER: readonly DocumentFileField[] = [
  'chairman_application_certificate',
  'certificate_image',
  'puja_committee',
  'puja_budget',
  'load_agreement_image',
  'acknowledgement',
];

/**
 * The club's uploaded documents that the application holds, each with its name and whether
 * it was rejected; none that is missing (not uploaded yet, or removed after the retention).
 * @example clubDocuments(app).map((d) => d.label) // ['document.chairman_application_certificate', …]
 */
export function clubDocuments(app: Application): ClubDocument[] {
  const labels: Readonly<Record<DocumentFileField, MessageKey>> = {
    chairman_application_certificate: 'document.chairman_application_certificate',
    certificate_image: 'document.certificate',
    puja_committee: 'document.puja_committee',
    puja_budget: 'document.puja_budget',
    load_agreement_image: landDocumentLabel(app.land_type),
    acknowledgement: 'document.acknowledgement',
  };
  const rejected = new Set(
    REVIEW_DOCUMENTS.filter((doc) => app[`${doc}_status`] === 'Rejected').map(
      (doc) => FILE_FIELD_OF_DOCUMENT[doc],
    ),
  );
  return ORDER.flatMap((field) => {
    const path = app[field];
    return path ? [{ field, label: labels[field], path, rejected: rejected.has(field) }] : [];
  });
}
