import { describe, expect, it } from 'vitest';
import {
  canCarryOverLandDocument,
  documentsRemoved,
  renewalPrefill,
  renewalSource,
} from './renewal';
import { freshApplication } from './test-support/application';

const app2025 = freshApplication({ id: 3, club_id: 10, apply_year: '2025' });
const app2026 = freshApplication({
  id: 41,
  club_id: 10,
  apply_year: '2026',
  puja_location_address: '12 Rabindra Sarani',
  puja_location_ward_no: 14,
  land_type: 'others',
  club_president_name: 'Subrata Ghosh',
  club_president_phone: '9830012345',
  club_secrety_name: 'Anjali Sen',
  club_secrety_phone: '9830012346',
  puja_presient_name: 'Debasish Roy',
  puja_presient_phone: '9830012347',
  puja_secretary_name: 'Mitali Das',
  puja_secretary_phone: '9830012348',
  load_agreement_image: 'files/land-2026.pdf',
});

describe('renewalSource', () => {
  it('is the latest application of a season before the current one', () => {
    expect(renewalSource([app2025, app2026], 2027)?.id).toBe(41);
    expect(renewalSource([app2026, app2025], 2027)?.id).toBe(41);
  });
  it("never the current season's own application", () => {
    expect(renewalSource([app2025, app2026], 2026)?.id).toBe(3);
  });
  it('none for a club that never applied before', () => {
    expect(renewalSource([], 2027)).toBeNull();
    expect(renewalSource([app2026], 2026)).toBeNull();
  });
});

describe('renewalPrefill', () => {
  it('takes the puja location and ward, land type and the four authorities, nothing else', () => {
    expect(renewalPrefill(app2026)).toEqual({
      fromApplicationId: 41,
      fromYear: 2026,
      landType: 'others',
      hasLandDocument: true,
      fields: {
        ward_no: '14',
        puja_location_address: '12 Rabindra Sarani',
        land_type: 'others',
        club_president_name: 'Subrata Ghosh',
        club_president_phone: '9830012345',
        club_secrety_name: 'Anjali Sen',
        club_secrety_phone: '9830012346',
        puja_presient_name: 'Debasish Roy',
        puja_presient_phone: '9830012347',
        puja_secretary_name: 'Mitali Das',
        puja_secretary_phone: '9830012348',
      },
    });
  });

  it('no prefill without an earlier application', () => {
    expect(renewalPrefill(null)).toBeNull();
  });

  it('offers no land document once it was removed under the retention policy', () => {
    const purged = { ...app2026, documents_removed_at: '2030-01-05T10:00:00Z' };
    expect(documentsRemoved(purged)).toBe(true);
    expect(renewalPrefill(purged)?.hasLandDocument).toBe(false);
  });

  it('a missing ward stays empty for the club to fill in', () => {
    expect(renewalPrefill({ ...app2026, puja_location_ward_no: null })?.fields.ward_no).toBe('');
  });
});

describe('canCarryOverLandDocument', () => {
  const next = { clubId: 10, landType: 'others' as const, currentYear: 2027 };
  it('carries over the club’s own earlier land document while the land type is unchanged', () => {
    expect(canCarryOverLandDocument(app2026, next)).toBe(true);
  });
  it.each([
    ['the land type changed', { ...next, landType: 'own' as const }, app2026],
    ['another club’s application', { ...next, clubId: 11 }, app2026],
    ['an application of the current season', { ...next, currentYear: 2026 }, app2026],
    ['its documents were removed', next, { ...app2026, documents_removed_at: '2030-01-05' }],
    ['it has no land document', next, { ...app2026, load_agreement_image: null }],
  ])('not when %s', (_label, target, previous) => {
    expect(canCarryOverLandDocument(previous, target)).toBe(false);
  });
});
