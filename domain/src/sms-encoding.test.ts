import { describe, expect, it } from 'vitest';
import { countSmsParts, smsEncodingOf } from './sms-encoding';

describe('SMS encoding', () => {
  it.each([
    ['plain English', 'Your NOC is issued.', 'GSM-7'],
    ['GSM extension characters', 'a [b] {c} ~ | ^ € \\', 'GSM-7'],
    ['GSM accented letters', 'é è ù Ñ ü ß £ ¥ §', 'GSM-7'],
    ['Bengali', 'পুজো NOC', 'UCS-2'],
    ['a curly apostrophe', 'club’s', 'UCS-2'],
    ['an ellipsis character', 'wait…', 'UCS-2'],
    ['an emoji', 'ok 👍', 'UCS-2'],
  ])('%s is %s', (_name, text, encoding) => {
    expect(smsEncodingOf(text)).toBe(encoding);
  });
});

describe('counting SMS parts', () => {
  it.each([
    ['', 'GSM-7', 0, 1],
    ['a'.repeat(160), 'GSM-7', 160, 1],
    ['a'.repeat(161), 'GSM-7', 161, 2],
    ['a'.repeat(306), 'GSM-7', 306, 2],
    ['a'.repeat(307), 'GSM-7', 307, 3],
    ['ক'.repeat(70), 'UCS-2', 70, 1],
    ['ক'.repeat(71), 'UCS-2', 71, 2],
    ['ক'.repeat(134), 'UCS-2', 134, 2],
    ['ক'.repeat(135), 'UCS-2', 135, 3],
  ])('%#: %s counts as %s, %i units, %i part(s)', (text, encoding, units, parts) => {
    expect(countSmsParts(text)).toEqual({ encoding, units, parts });
  });

  it('an extension character counts as two septets', () => {
    expect(countSmsParts(`${'a'.repeat(158)}€`)).toEqual({
      encoding: 'GSM-7',
      units: 160,
      parts: 1,
    });
    expect(countSmsParts(`${'a'.repeat(159)}€`).parts).toBe(2);
  });

  it('an extension character is never split across two parts', () => {
    // 152 septets then a two-septet character: it moves whole to the second part.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(countSmsParts(text)).toEqual({ encoding: 'GSM-7', units: 306, parts: 3 });
  });

  it('a surrogate pair is never split across two parts', () => {
    const text = `${'ক'.repeat(66)}👍${'ক'.repeat(66)}`;
    expect(countSmsParts(text)).toEqual({ encoding: 'UCS-2', units: 134, parts: 3 });
  });

  it('one Bengali letter turns an English message into UCS-2', () => {
    expect(countSmsParts(`${'a'.repeat(100)}ক`)).toEqual({
      encoding: 'UCS-2',
      units: 101,
      parts: 2,
    });
  });
});
