import { normaliseApplication, type Application } from '@puja/domain';

/** An acknowledged application with the given statuses ('0' pending, '1' approved, '2' rejected). */
export function application(
  id: number,
  club: string,
  [ack, chairmanApp, cert, agreement, chairman]: string = '00000',
  extra: Record<string, unknown> = {},
): Application {
  return normaliseApplication({
    id,
    club_id: id + 100,
    reg_no: String(id),
    apply_year: '2025',
    created_at: '2025-08-01T10:00:00.000Z',
    updated_at: `2025-08-${String(10 + (id % 10)).padStart(2, '0')}T10:00:00.000Z`,
    clubname: club,
    ward_no: id % 25 || 25,
    puja_location_ward_no: 1,
    acknowledgement: 'files/ack.pdf',
    chairman_application_certificate: 'files/a.pdf',
    certificate_image: 'files/b.png',
    load_agreement_image: 'files/c.pdf',
    puja_committee: 'files/d.pdf',
    puja_budget: 'files/e.pdf',
    acknowledgement_status: ack,
    chairman_application_certificate_status: chairmanApp,
    certificate_status: cert,
    agreement_status: agreement,
    chairman_status: chairman,
    ...extra,
  });
}
