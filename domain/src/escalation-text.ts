/**
 * How a late step's audit entry names whom it went to (issue 30): the trail keeps it in English
 * ("escalated to {officer}"), the history reads it back in the chosen language. Apart from
 * events.ts so that the history screen does not load the table of every event.
 */
import { DEFAULT_LOCALE, formatMessage, type Locale } from './messages';

const ESCALATED_TO = 'escalated to ';
const TO_THE_CHAIRMAN = 'the chairman';

/**
 * The audit reason of a late step: its Appellate Officer's name, or the chairman when none is
 * named.
 * @example escalationReason(null) // 'escalated to the chairman'
 */
export function escalationReason(escalatedTo: string | null): string {
  return `${ESCALATED_TO}${escalatedTo ?? TO_THE_CHAIRMAN}`;
}

/**
 * A late step's history reason in the chosen language, read back from its audit entry (action
 * `overdue`): "Escalated to {officer}", the chairman in the language when none was named; any
 * other reason as it was written.
 * @example escalationText('escalated to the chairman', 'bn') // 'চেয়ারম্যান-এর কাছে পাঠানো হয়েছে'
 * @example escalationText('escalated to Ratan Pal') // 'Escalated to Ratan Pal'
 */
export function escalationText(reason: string, locale: Locale = DEFAULT_LOCALE): string {
  if (!reason.startsWith(ESCALATED_TO)) return reason;
  const named = reason.slice(ESCALATED_TO.length);
  const officer = named === TO_THE_CHAIRMAN ? formatMessage('due.chairman', {}, locale) : named;
  return formatMessage('applications.history.escalatedTo', { officer }, locale);
}
