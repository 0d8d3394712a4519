import { describe, expect, it, vi } from 'vitest';
import { FIRST_SEASON_YEAR } from './season';
import { bn } from './messages-bn';
import {
  formatMessage,
  formatNumber,
  localiseDigits,
  isLocale,
  isMessageKey,
  loadCatalogue,
  messages,
  type MessageKey,
} from './messages';

const keys = Object.keys(messages.en) as MessageKey[];
/** Every English text with its placeholders filled the way screens fill them. */
const texts = new Set(
  keys.map((key) =>
    formatMessage(key, { year: FIRST_SEASON_YEAR, ward: 1, role: 'Admin', name: 'X' }),
  ),
);

/** User-facing strings of SPEC §2, §5, §7 and §8, copied verbatim from the spec. */
const SPEC_STRINGS = [
  // §2 screens and layouts
  'Home',
  'Dashboard',
  'Logout',
  'Club Login',
  'Register Club',
  'Club',
  'All NOCs',
  'Issued NOCs',
  'Manage Users',
  'Admin Panel',
  'Unauthorized Access',
  'Oops! Sorry, an unexpected error has occurred.',
  'Go back Home',
  'Club Registration',
  'Chairman Application Copy',
  "Previous Year's S.D.O. Permission",
  'Puja Committee List',
  'Puja Budget Document',
  'Land-Related Document (Deed or Agreement)',
  'Register Now',
  'Already have an account? Login',
  'Forgot password',
  'Request Sent!',
  "Don't have an account? Register Now",
  'Official Login',
  'This panel is for authorized Admin, Store, and Chairman users only.',
  'No Application Found',
  'Action Required',
  'Print Acknowledgement',
  'Upload Now',
  'Application Info',
  'Club Details',
  'Your NOC Certificate is Ready!',
  'N/A',
  'Apply for NOC Durga puja 2025',
  'Submit and Next',
  'Your Club Details',
  'Puja Details',
  'Club Authority Details',
  'Puja Committee Details',
  'Land Details & Document',
  'Upload Other Documents',
  'Back',
  'Print Now',
  'Application Summary',
  'Club & Puja Information',
  'Club & Puja Committee Authorities',
  'Submitted Documents',
  "Secretary's Signature",
  'Puja Location Ward No.',
  'Puja Location',
  'Contact Email',
  'Club President',
  'Club Secretary',
  'Puja President',
  'Puja Secretary',
  'Previous Year S.D.O Permission',
  'Puja Budget',
  'Application not found.',
  'Total Applications',
  'Approved NOC',
  'Pending Review',
  'Rejected',
  'Add New Club',
  'Edit Club',
  'Active',
  'Inactive',
  'No clubs found',
  'No users found',
  'Pending',
  'Chairman Review',
  'Approved',
  'All Pending',
  'Chairman Application',
  'Previous year SDO Certificate',
  'Land Agreement',
  'Chairman Status',
  'All Wards',
  'Ward No: 1',
  'Clear All',
  'Unknown Club',
  'Application No',
  'No applications match your criteria',
  'Contact Person Details',
  'Document Verification',
  'Other Submitted Documents',
  'Final Chairman Review',
  'Document Review Panel',
  'Chairman Final Review',
  'Issued NOCs (Chairman Approved)',
  'Search, filter, and download all applications approved by the Chairman.',
  'Search by Club, Reg No, Memo...',
  'Export to Excel',
  'Reg No',
  'Club Name',
  'Puja Address',
  'Puja Ward',
  'Memo Number',
  'Approved Date',
  'Action',
  'No matching approved NOCs found.',
  // §4 tracker and final decision
  'Submitted',
  'Acknowledgement Review',
  'Chairman Application Review',
  'Previous year SDO Certificate Review',
  'Land Agreement Review',
  'Final Approval',
  'NOC Issued',
  'No reason provided.',
  'All documents must be approved before the final review can be conducted.',
  // §5 validation
  'Please select a club from the list.',
  'Club not found. Please contact the authority.',
  'Please enter your email address.',
  'Please fill all fields and upload all 5 documents.',
  'pdf size max 3mb',
  'Please select a file first.',
  'Please select a file and ensure application ID is available.',
  'Please provide a rejection reason.',
  // §7 behaviour on answers
  'Failed to fetch dashboard stats.',
  // §8 error catalogue
  'Could not fetch clubs.',
  'Registering club...',
  'Registration successful! Please login.',
  'This club is already registered.',
  'An unknown error occurred.',
  'Logging in...',
  'Login successful!',
  'Login failed.',
  'Uploading file...',
  'File uploaded successfully! Awaiting review.',
  'Upload failed. Please try again.',
  'Uploading acknowledgement...',
  'Acknowledgement uploaded successfully!',
  'Upload failed.',
  'Submitting application...',
  'Application submitted! Please proceed to the next step.',
  'Submission failed.',
  'You have already applied for an NOC.',
  'Failed to fetch users.',
  'Failed to fetch applications.',
  'Failed to fetch application details.',
  'Failed to fetch pending applications.',
  'Failed to load NOC applications.',
  'Updating status...',
  'Club status updated to Active',
  'Club status updated to Inactive',
  'Failed to update status.',
  'Updating club...',
  'Club updated successfully!',
  'Failed to update club.',
  'Adding new club...',
  'Club added successfully!',
  'Failed to add club.',
  'Deleting club...',
  'Club deleted successfully!',
  'Failed to delete club.',
  'Adding user...',
  'Updating user...',
  'User added or updated successfully!',
  'Failed to add or update user.',
  'Deleting user...',
  'User deleted successfully!',
  'Failed to delete user.',
  'Updating document status...',
  'Status updated successfully!',
  'Update failed.',
  'Approving document...',
  'Document approved successfully!',
  'Approval failed.',
  'Rejecting document...',
  'Document rejected successfully!',
  'Rejection failed.',
  'Submitting final decision...',
  'Decision submitted successfully!',
  'Submitting final review...',
  'Final review submitted!',
  'Sending password reset request...',
  'Password has been sent to your email!',
  'Failed to reset password.',
  'An error occurred.',
];

describe('the message catalogue', () => {
  it.each(SPEC_STRINGS)('holds the spec text "%s" verbatim', (text) => {
    expect(texts.has(text)).toBe(true);
  });

  it('has no empty text', () => {
    expect(keys.filter((key) => messages.en[key].trim() === '')).toEqual([]);
  });
});

describe('formatMessage', () => {
  it.each([
    ['applyNoc.title', { year: 2025 }, 'Apply for NOC Durga puja 2025'],
    ['applyNoc.title', { year: '2026' }, 'Apply for NOC Durga puja 2026'],
    ['applications.ward', { ward: 25 }, 'Ward No: 25'],
    ['staffPanel.title', { role: 'Store' }, 'Store Panel'],
    ['applyNoc.title', {}, 'Apply for NOC Durga puja {year}'],
    ['acknowledgement.person', { name: 'Rina', phone: '9830012345' }, 'Rina (9830012345)'],
    ['login.failed', { year: 2025 }, 'Login failed.'],
  ] as const)('%s with %j reads "%s"', (key, params, text) => {
    expect(formatMessage(key, params)).toBe(text);
  });

  it('needs no params for a plain message', () => {
    expect(formatMessage('unauthorized.title')).toBe('Unauthorized Access');
  });
});

describe('isMessageKey', () => {
  it.each([
    ['login.failed', true],
    ['registration.alreadyRegistered', true],
    ['nope.key', false],
    ['toString', false],
    [42, false],
    [null, false],
  ])('%j is a message key: %s', (value, expected) => {
    expect(isMessageKey(value)).toBe(expected);
  });
});

/** The `{name}` placeholders of a text, sorted. */
const placeholdersOf = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

describe('the Bengali catalogue', () => {
  const bengali: Readonly<Record<string, string | undefined>> = bn;

  it('has a Bengali value for every English key', () => {
    expect(keys.filter((key) => !bengali[key]?.trim())).toEqual([]);
  });

  it('has no key the English catalogue lacks', () => {
    expect(Object.keys(bn).filter((key) => !isMessageKey(key))).toEqual([]);
  });

  it.each(keys)('%s keeps the English placeholders, no more, no fewer', (key) => {
    expect(placeholdersOf(bengali[key] ?? '')).toEqual(placeholdersOf(messages.en[key]));
  });

  it('is written in Bengali script, not left in English', () => {
    const bengaliScript = /[\u0980-\u09FF]/;
    const untranslated = keys.filter(
      (key) => !bengaliScript.test(bengali[key] ?? '') && bengali[key] !== messages.en[key],
    );
    // A text of placeholders and punctuation only ('{name} ({phone})') has no words to translate.
    const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ''));
    const leftAsEnglish = keys.filter(
      (key) => bengali[key] === messages.en[key] && hasWords(messages.en[key]),
    );
    expect({ untranslated, leftAsEnglish }).toEqual({ untranslated: [], leftAsEnglish: [] });
  });
});

describe('loadAllCatalogues', () => {
  it('loads the later English and Bengali into a process that has loaded nothing yet', async () => {
    vi.resetModules();
    const fresh = await import('./messages');
    expect(fresh.formatMessage('due.digest.subject', { count: 2 })).toBe('due.digest.subject');
    await fresh.loadAllCatalogues();
    expect(fresh.formatMessage('due.digest.subject', { count: 2 })).toBe(
      'Overdue Durga Puja NOC steps: 2',
    );
    expect(fresh.formatMessage('nav.logout', {}, 'bn')).toBe('লগআউট');
  });
});

describe('formatMessage in Bengali', () => {
  it('writes number values in Bengali digits and text values as given', async () => {
    await loadCatalogue('bn');
    expect(formatMessage('applications.ward', { ward: 25 }, 'bn')).toBe('ওয়ার্ড নং: ২৫');
    expect(formatMessage('certificate.memoNo', { memo: '07/DURGAPUJA/2025' }, 'bn')).toBe(
      'স্মারক নং: 07/DURGAPUJA/2025',
    );
    expect(formatMessage('applications.ward', { ward: 25 }, 'en')).toBe('Ward No: 25');
  });
});

describe('formatNumber and isLocale', () => {
  it.each([
    [2025, 'en', '2025'],
    [2025, 'bn', '২০২৫'],
    [0, 'bn', '০'],
  ] as const)('%d in %s reads %s', (value, locale, text) => {
    expect(formatNumber(value, locale)).toBe(text);
  });

  it.each([
    ['en', true],
    ['bn', true],
    ['fr', false],
    ['', false],
    [undefined, false],
  ])('%j is a locale: %s', (value, expected) => {
    expect(isLocale(value)).toBe(expected);
  });
});

describe('localiseDigits', () => {
  it.each([
    ['13/DURGAPUJA/2025', 'bn', '১৩/DURGAPUJA/২০২৫'],
    ['0123456789', 'bn', '০১২৩৪৫৬৭৮৯'],
    ['13/DURGAPUJA/2025', 'en', '13/DURGAPUJA/2025'],
    ['NOC-7', 'bn', 'NOC-৭'],
    ['', 'bn', ''],
  ] as const)('%s in %s reads %s', (text, locale, expected) => {
    expect(localiseDigits(text, locale)).toBe(expected);
  });

  it('writes the digits formatNumber writes', () => {
    expect(localiseDigits('2025', 'bn')).toBe(formatNumber(2025, 'bn'));
  });
});
