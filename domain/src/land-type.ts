import type { LandType } from './application';
import type { MessageKey } from './messages';

/**
 * The words for a land type (SPEC §5: the club's own land, or others' under an agreement); any
 * other value reads as own, the form's default.
 * @example landTypeLabel('others') // 'applyNoc.landType.others' ("Others")
 */
export function landTypeLabel(landType: LandType | string): MessageKey {
  return landType === 'others' ? 'applyNoc.landType.others' : 'applyNoc.landType.own';
}

/**
 * The land document a land type asks for (SPEC §6: holding/khatian/deed, or the agreement).
 * @example landDocumentLabel('own') // 'document.landOwn'
 */
export function landDocumentLabel(landType: LandType | string): MessageKey {
  return landType === 'others' ? 'document.landOthers' : 'document.landOwn';
}
