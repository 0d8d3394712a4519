import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages';
import { landDocumentLabel, landTypeLabel } from './land-type';

describe('land type', () => {
  it.each([
    ['own', 'Own'],
    ['others', 'Others'],
    ['', 'Own'],
  ])('%j reads %s', (landType, text) => {
    expect(formatMessage(landTypeLabel(landType))).toBe(text);
  });

  it('names the document each land type asks for', () => {
    expect(landDocumentLabel('own')).toBe('document.landOwn');
    expect(landDocumentLabel('others')).toBe('document.landOthers');
    expect(formatMessage(landDocumentLabel('others'))).not.toBe(
      formatMessage(landDocumentLabel('own')),
    );
  });
});
