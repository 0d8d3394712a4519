import type { Application } from '../application';
import type { ReviewStatus } from '../status';

/** A freshly submitted application (no acknowledgement yet, everything Pending), for tests. */
export function freshApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 1,
    club_id: 10,
    reg_no: 'NOC-2025-0007',
    apply_year: '2025',
    created_at: '2025-03-05T10:15:00.000Z',
    club_name: 'Sree Sangha',
    address: '12 Park Street',
    email: 'club@example.org',
    phone: '9830012345',
    ward_no: 7,
    govt_register_no: '',
    puja_location_address: 'Maidan',
    puja_location_ward_no: 9,
    land_type: 'own',
    club_president_name: 'A',
    club_president_phone: '9830000001',
    club_secrety_name: 'B',
    club_secrety_phone: '9830000002',
    puja_presient_name: 'C',
    puja_presient_phone: '9830000003',
    puja_secretary_name: 'D',
    puja_secretary_phone: '9830000004',
    chairman_application_certificate: 'files/a.pdf',
    certificate_image: 'files/b.pdf',
    load_agreement_image: 'files/c.pdf',
    puja_committee: 'files/d.pdf',
    puja_budget: 'files/e.pdf',
    acknowledgement: null,
    acknowledgement_status: 'Pending',
    acknowledgement_reason: '',
    chairman_application_certificate_status: 'Pending',
    chairman_application_certificate_reason: '',
    certificate_status: 'Pending',
    certificate_reason: '',
    agreement_status: 'Pending',
    agreement_reason: '',
    chairman_status: 'Pending',
    chairman_reason: '',
    chairman_approved_date: null,
    updated_at: '2025-03-06T10:15:00.000Z',
    verification_code: null,
    documents_removed_at: null,
    ...overrides,
  };
}

/** An application with its acknowledgement uploaded and the given statuses. */
export function acknowledgedApplication(overrides: Partial<Application> = {}): Application {
  return freshApplication({ acknowledgement: 'files/ack.pdf', ...overrides });
}

export const P = 'Pending';
export const A = 'Approved';
export const R = 'Rejected';

/**
 * An acknowledged application with the given statuses, in review order: acknowledgement,
 * chairman application, certificate, agreement, and the chairman (Pending when left out).
 */
export function withStatuses(
  [ack, chairmanApp, cert, agreement, chairman = 'Pending']: readonly ReviewStatus[],
  extra: Partial<Application> = {},
): Application {
  return acknowledgedApplication({
    acknowledgement_status: ack,
    chairman_application_certificate_status: chairmanApp,
    certificate_status: cert,
    agreement_status: agreement,
    chairman_status: chairman,
    ...extra,
  });
}

/** The apply form as a club fills it in (text fields, with the two fields the form adds). */
export const APPLY_FORM_INPUT = {
  ward_no: '12',
  puja_location_address: ' Maidan ',
  club_president_name: 'A',
  club_president_phone: '9830000001',
  club_secrety_name: 'B',
  club_secrety_phone: '9830000002',
  puja_presient_name: 'C',
  puja_presient_phone: '9830000003',
  puja_secretary_name: 'D',
  puja_secretary_phone: '9830000004',
  land_type: 'others',
  club_id: '9',
  apply_year: '1999',
} as const;
