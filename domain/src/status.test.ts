import { describe, expect, it } from 'vitest';
import {
  DECISION_CODE,
  STATUS_CODE,
  clubStatusFromCode,
  codeFromStatus,
  decisionFromCode,
  statusForDecision,
  statusFromCode,
  toggleClubStatus,
} from './status';

describe('statusFromCode', () => {
  it.each([
    ['1', 'Approved'],
    [1, 'Approved'],
    [' 1 ', 'Approved'],
    ['2', 'Rejected'],
    [2, 'Rejected'],
    ['0', 'Pending'],
    [0, 'Pending'],
    ['', 'Pending'],
    [null, 'Pending'],
    [undefined, 'Pending'],
    ['3', 'Pending'],
    ['Approved', 'Pending'],
    [true, 'Pending'],
    [Number.NaN, 'Pending'],
  ])(
    'server code %j means %s ("1" Approved, "2" Rejected, anything else Pending)',
    (code, status) => {
      expect(statusFromCode(code)).toBe(status);
    },
  );
});

describe('codeFromStatus', () => {
  it.each([
    ['Approved', '1'],
    ['Rejected', '2'],
    ['Pending', '0'],
  ] as const)('%s is stored as "%s"', (status, code) => {
    expect(codeFromStatus(status)).toBe(code);
    expect(statusFromCode(code)).toBe(status);
  });
  it.each(Object.entries(STATUS_CODE))('the code of %s reads back as %s', (status, code) => {
    expect(statusFromCode(code)).toBe(status);
  });
});

describe('decisions', () => {
  it.each(['approve', 'reject'] as const)(
    'the code sent for %s reads back as that decision and as the status it leads to',
    (decision) => {
      const code = DECISION_CODE[decision];
      expect(decisionFromCode(code)).toBe(decision);
      expect(statusFromCode(code)).toBe(statusForDecision(decision));
    },
  );
  it.each([
    ['1', 'approve'],
    [1, 'approve'],
    ['2', 'reject'],
    [2, 'reject'],
    ['0', null],
    ['x', null],
    [undefined, null],
  ])('decision code %j reads as %s', (code, decision) => {
    expect(decisionFromCode(code)).toBe(decision);
  });
  it.each([
    ['approve', 'Approved'],
    ['reject', 'Rejected'],
  ] as const)('to %s leads to %s', (decision, status) => {
    expect(statusForDecision(decision)).toBe(status);
  });
});

describe('club status', () => {
  it.each([
    ['A', 'I'],
    ['I', 'A'],
  ] as const)('club status toggles from %s to %s', (from, to) => {
    expect(toggleClubStatus(from)).toBe(to);
  });
  it.each([
    ['A', 'A'],
    [' a ', 'A'],
    ['I', 'I'],
    ['', 'I'],
    [null, 'I'],
    ['X', 'I'],
  ])('club status code %j reads as %s (only A is active)', (code, status) => {
    expect(clubStatusFromCode(code)).toBe(status);
  });
});
