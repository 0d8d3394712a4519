import { describe, expect, it } from 'vitest';
import { matchesSearch } from './text-search';

describe('matchesSearch', () => {
  it.each([
    ['sangha', ['Sree Sangha'], true],
    ['SREE', ['Sree Sangha'], true],
    ['  ree san ', ['Sree Sangha'], true],
    ['', ['anything'], true],
    ['   ', [], true],
    ['club', ['Sree Sangha', 'Youth Club'], true],
    ['xyz', ['Sree Sangha'], false],
    ['x', [null, undefined, ''], false],
  ] as const)(
    '"%s" over %j matches: %s (case-insensitive substring)',
    (query, fields, expected) => {
      expect(matchesSearch(query, ...fields)).toBe(expected);
    },
  );
});
