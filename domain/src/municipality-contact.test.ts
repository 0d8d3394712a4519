import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, loadCatalogue } from './messages';
import { asksToContact, contactDetails, signMail, telLink } from './municipality-contact';

const BALLY = {
  name: 'Bally Municipality',
  office: 'Puja Cell, Town Hall',
  phone: '033 2654 0000',
  email: 'puja@bally.gov.in',
  hours: 'Mon–Fri 10:30–17:00',
};

describe('contactDetails', () => {
  it('lists the details that are set, in order, trimmed', () => {
    expect(contactDetails({ name: 'Bally', hours: ' 10–5 ', phone: '033', email: '  ' })).toEqual([
      { detail: 'phone', label: 'contact.phone', value: '033', shown: '033' },
      { detail: 'hours', label: 'contact.hours', value: '10–5', shown: '10–5' },
    ]);
  });

  it('shows the office, phone and hours in Bengali digits in বাংলা; the e-mail as typed', () => {
    const details = contactDetails(
      { ...BALLY, office: 'Room 12, Town Hall', email: 'puja2@bally.gov.in' },
      'bn',
    );
    expect(details.map(({ detail, shown }) => [detail, shown])).toEqual([
      ['office', 'Room ১২, Town Hall'],
      ['phone', '০৩৩ ২৬৫৪ ০০০০'],
      ['email', 'puja2@bally.gov.in'],
      ['hours', 'Mon–Fri ১০:৩০–১৭:০০'],
    ]);
    // What a link dials or mails stays as configured.
    expect(details.find(({ detail }) => detail === 'phone')?.value).toBe('033 2654 0000');
  });

  it('none for no contact', () => {
    expect(contactDetails(null)).toEqual([]);
    expect(contactDetails({ name: 'Bally' })).toEqual([]);
  });
});

describe('telLink', () => {
  it('keeps the digits and one leading +', () => {
    expect(telLink('+91 33 2654-0000')).toBe('tel:+913326540000');
    expect(telLink('(033) 2654-0000')).toBe('tel:03326540000');
  });
});

describe('signMail', () => {
  beforeAll(() => loadCatalogue('bn'));

  it('names the municipality, never "your municipality", and how to reach it', () => {
    expect(signMail('Dear Sree Sangha,', BALLY)).toBe(
      [
        'Dear Sree Sangha,',
        '',
        'This is an automatic message from the Puja NOC Portal of Bally Municipality. Please do not reply to it.',
        'Contact Bally Municipality:',
        'Office: Puja Cell, Town Hall',
        'Phone: 033 2654 0000',
        'E-mail: puja@bally.gov.in',
        'Hours: Mon–Fri 10:30–17:00',
      ].join('\n'),
    );
  });

  it('without contact details, only the name', () => {
    const text = signMail('Hello', { name: 'Bally Municipality' });
    expect(text).toBe(
      'Hello\n\nThis is an automatic message from the Puja NOC Portal of Bally Municipality. Please do not reply to it.',
    );
    expect(text).not.toContain('your municipality');
  });

  it('in Bengali', () => {
    const text = signMail('নমস্কার', BALLY, 'bn');
    expect(text).toContain('Bally Municipality-র পূজা এনওসি পোর্টাল');
    // Latin digits: mail readers make them a link to call.
    expect(text).toContain('ফোন: 033 2654 0000');
    expect(text).not.toContain('আপনাদের পৌরসভার');
  });
});

describe('asksToContact', () => {
  beforeAll(() => loadCatalogue('bn'));

  it('knows the messages that send the club to the municipality, in both languages', () => {
    expect(asksToContact('Club not found. Please contact the authority.')).toBe(true);
    expect(asksToContact('This club is already registered.')).toBe(true);
    expect(asksToContact(formatMessage('registration.clubInactive', {}, 'bn'), 'bn')).toBe(true);
    expect(asksToContact(formatMessage('verify.notValidText', {}, 'bn'), 'bn')).toBe(true);
  });

  it('not any other text, nor none', () => {
    expect(asksToContact('Login failed.')).toBe(false);
    expect(asksToContact(null)).toBe(false);
    expect(asksToContact('')).toBe(false);
  });
});
