import { describe, expect, it } from 'vitest';
import { clubDocuments } from './club-documents';
import { A, P, R, freshApplication, withStatuses } from './test-support/application';

describe('clubDocuments (issue 27)', () => {
  it('lists the five documents before the acknowledgement is uploaded', () => {
    expect(clubDocuments(freshApplication()).map((d) => [d.label, d.path, d.rejected])).toEqual([
      ['document.chairman_application_certificate', 'files/a.pdf', false],
      ['document.certificate', 'files/b.pdf', false],
      ['document.puja_committee', 'files/d.pdf', false],
      ['document.puja_budget', 'files/e.pdf', false],
      ['document.landOwn', 'files/c.pdf', false],
    ]);
  });

  it('adds the acknowledgement, names the land document by its type, and marks the rejected', () => {
    const docs = clubDocuments(withStatuses([A, P, R, R], { land_type: 'others' }));
    expect(docs.map((d) => d.field)).toEqual([
      'chairman_application_certificate',
      'certificate_image',
      'puja_committee',
      'puja_budget',
      'load_agreement_image',
      'acknowledgement',
    ]);
    expect(docs.filter((d) => d.rejected).map((d) => d.label)).toEqual([
      'document.certificate',
      'document.landOthers',
    ]);
  });

  it('leaves out what the application does not hold (removed after the retention)', () => {
    const removed = freshApplication({ puja_budget: null, certificate_image: '' });
    expect(clubDocuments(removed).map((d) => d.field)).toEqual([
      'chairman_application_certificate',
      'puja_committee',
      'load_agreement_image',
    ]);
  });
});
