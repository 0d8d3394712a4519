import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskMobile, normaliseIndianMobile } from './indian-mobile';

describe('Indian mobile numbers', () => {
  it.each([
    ['9830012345', '9830012345'],
    ['+919830012345', '9830012345'],
    ['+91 98300 12345', '9830012345'],
    ['+91-98300-12345', '9830012345'],
    ['919830012345', '9830012345'],
    ['09830012345', '9830012345'],
    ['  98300 12345 ', '9830012345'],
    ['(+91) 98300.12345', '9830012345'],
    ['6000000000', '6000000000'],
    ['7012345678', '7012345678'],
    ['8012345678', '8012345678'],
    // Ten digits that start with 91 are a number of their own, not a country code.
    ['9112345678', '9112345678'],
  ])('%s is the mobile %s', (input, mobile) => {
    expect(normaliseIndianMobile(input)).toBe(mobile);
  });

  it.each([
    ['a landline with its STD code', '033 2345 6789'],
    ['a number starting 5', '5830012345'],
    ['nine digits', '983001234'],
    ['eleven digits', '98300123456'],
    ['a foreign number', '+44 7700 900123'],
    ['the country code with a trunk 0', '+91 09830012345'],
    ['letters', '98300ABCDE'],
    ['nothing', ''],
    ['a plus in the middle', '98300+12345'],
  ])('%s (%s) is refused', (_name, input) => {
    expect(normaliseIndianMobile(input)).toBeNull();
  });

  it('any way of writing a mobile gives back the same ten digits', () => {
    const mobile = fc
      .tuple(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/))
      .map(([first, rest]) => first + rest);
    const prefix = fc.constantFrom('', '+91', '91', '0', '+91 ', '+91-', '0 ');
    fc.assert(
      fc.property(mobile, prefix, fc.boolean(), (digits, before, spaced) => {
        const body = spaced ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
        expect(normaliseIndianMobile(`${before}${body}`)).toBe(digits);
      }),
    );
  });

  it('a masked number shows only its last three digits', () => {
    expect(maskMobile('9830012345')).toBe('+91 ••••••• 345');
  });
});
