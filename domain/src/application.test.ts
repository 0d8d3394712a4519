import { describe, expect, it } from 'vitest';
import {
  APPLICATION_FILE_FIELDS,
  FILE_FIELD_OF_DOCUMENT,
  REVIEW_DOCUMENTS,
  hasAcknowledgement,
  normaliseApplication,
  reasonKey,
  reasonOf,
  statusKey,
  statusOf,
  WIRE_APPLICATION_FIELDS,
} from './application';
import { freshApplication } from './test-support/application';

describe('the model', () => {
  it('the four documents are reviewed in the order of SPEC §4', () => {
    expect(REVIEW_DOCUMENTS).toEqual([
      'acknowledgement',
      'chairman_application_certificate',
      'certificate',
      'agreement',
    ]);
  });
  it('the application form sends five files', () => {
    expect(APPLICATION_FILE_FIELDS).toHaveLength(5);
  });
  it.each([
    ['acknowledgement', 'acknowledgement'],
    ['chairman_application_certificate', 'chairman_application_certificate'],
    ['certificate', 'certificate_image'],
    ['agreement', 'load_agreement_image'],
  ] as const)('the %s document is stored in the %s file field', (doc, field) => {
    expect(FILE_FIELD_OF_DOCUMENT[doc]).toBe(field);
  });
  it.each([
    ['certificate', 'certificate_status', 'certificate_reason'],
    ['chairman', 'chairman_status', 'chairman_reason'],
    ['agreement', 'agreement_status', 'agreement_reason'],
  ] as const)('the %s item keeps its status in %s and its reason in %s', (item, status, reason) => {
    expect(statusKey(item)).toBe(status);
    expect(reasonKey(item)).toBe(reason);
  });
  it('statusOf and reasonOf read one review item', () => {
    const app = freshApplication({ certificate_status: 'Rejected', certificate_reason: 'blurred' });
    expect(statusOf(app, 'certificate')).toBe('Rejected');
    expect(reasonOf(app, 'certificate')).toBe('blurred');
    expect(statusOf(app, 'chairman')).toBe('Pending');
  });
  it.each([
    [null, false],
    ['', false],
    ['files/ack.pdf', true],
  ])('an acknowledgement of %j means uploaded: %s', (acknowledgement, expected) => {
    expect(hasAcknowledgement({ acknowledgement })).toBe(expected);
  });
});

describe('normaliseApplication', () => {
  const wire = {
    id: '7',
    club_id: 3,
    reg_no: 'NOC-2025-0007',
    apply_year: 2025,
    created_at: '2025-03-05T10:15:00Z',
    club_name: 'Sree Sangha',
    clubname: 'Sree Sangha',
    ward_no: '7',
    puja_location_ward_no: ' 9 ',
    land_type: 'Others',
    acknowledgement: 'files/ack.pdf',
    acknowledgement_status: '1',
    chairman_application_certificate_status: 2,
    chairman_application_certificate_reason: ' unsigned ',
    certificate_status: '0',
    agreement_status: '1',
    chairman_status: null,
    chairman_approved_date: '',
  };

  it('reads numbers sent as strings and codes as statuses', () => {
    const app = normaliseApplication(wire);
    expect(app).toMatchObject({
      id: 7,
      club_id: 3,
      apply_year: '2025',
      ward_no: 7,
      puja_location_ward_no: 9,
      land_type: 'others',
      acknowledgement_status: 'Approved',
      chairman_application_certificate_status: 'Rejected',
      chairman_application_certificate_reason: 'unsigned',
      certificate_status: 'Pending',
      agreement_status: 'Approved',
      chairman_status: 'Pending',
      chairman_approved_date: null,
    });
  });

  it.each([
    [{ club_name: 'Sree Sangha' }, 'Sree Sangha'],
    [{ clubname: 'Nabin Sangha' }, 'Nabin Sangha'],
    [{ club_name: '', clubname: 'Nabin Sangha' }, 'Nabin Sangha'],
    [{ club_name: 'A', clubname: 'B' }, 'A'],
    [{}, ''],
  ])('the club name of %j is %j (club_name or clubname)', (raw, name) => {
    expect(normaliseApplication(raw).club_name).toBe(name);
  });

  it.each([
    [{ agreement_status: '1' }, 'Approved'],
    [{ load_agreement_status: '2' }, 'Rejected'],
    [{ agreement_status: '', load_agreement_status: '1' }, 'Approved'],
    [{ agreement_status: null, load_agreement_status: '2' }, 'Rejected'],
    [{ agreement_status: '2', load_agreement_status: '1' }, 'Rejected'],
    [{ agreement_status: 0, load_agreement_status: '1' }, 'Pending'],
    [{}, 'Pending'],
  ])(
    'the agreement status of %j is %s (agreement_status or load_agreement_status)',
    (raw, status) => {
      expect(normaliseApplication(raw).agreement_status).toBe(status);
    },
  );

  it.each([
    [{ agreement_reason: 'torn' }, 'torn'],
    [{ load_agreement_reason: 'torn' }, 'torn'],
    [{ agreement_reason: '', load_agreement_reason: 'torn' }, 'torn'],
  ])('the agreement reason of %j is %j', (raw, reason) => {
    expect(normaliseApplication(raw).agreement_reason).toBe(reason);
  });

  it('missing fields become empty text, null or Pending, never undefined', () => {
    const app = normaliseApplication({});
    expect(app).toMatchObject({
      id: 0,
      club_id: 0,
      reg_no: '',
      created_at: null,
      ward_no: null,
      land_type: 'own',
      acknowledgement: null,
      puja_budget: null,
      acknowledgement_status: 'Pending',
      chairman_reason: '',
    });
    expect(Object.values(app)).not.toContain(undefined);
  });

  it.each([
    ['abc', null],
    ['7.5', null],
    [7.5, null],
    [Number.POSITIVE_INFINITY, null],
    [{}, null],
    ['12', 12],
  ])('a ward of %j reads as %j', (ward, expected) => {
    expect(normaliseApplication({ ward_no: ward }).ward_no).toBe(expected);
  });

  it('normalising twice changes nothing', () => {
    const once = normaliseApplication(wire);
    expect(normaliseApplication({ ...once })).toEqual(once);
  });

  it('does not change its input', () => {
    const copy = structuredClone(wire);
    normaliseApplication(wire);
    expect(wire).toEqual(copy);
  });
});

describe('WIRE_APPLICATION_FIELDS', () => {
  it('names every field of the model besides the id, and both spellings of the two that have them', () => {
    const wire: readonly string[] = WIRE_APPLICATION_FIELDS;
    for (const field of Object.keys(freshApplication()).filter((key) => key !== 'id')) {
      expect(wire).toContain(field);
    }
    expect(wire).toEqual(expect.arrayContaining(['clubname', 'load_agreement_status']));
  });
});

describe('normaliseApplication: approval dates (issue 27)', () => {
  it('keeps the approval dates a server sent, and adds no key for those it did not', () => {
    const app = normaliseApplication({
      id: 1,
      acknowledgement_approved_at: '2025-03-07T05:00:00Z',
    });
    expect(app.acknowledgement_approved_at).toBe('2025-03-07T05:00:00Z');
    expect('certificate_approved_at' in app).toBe(false);
  });
});
