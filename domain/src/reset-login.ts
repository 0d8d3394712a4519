import { normaliseIndianMobile } from './indian-mobile';
import { normaliseEmail } from './validation';

/** Who asks for a new password: an account's e-mail or its registered mobile number. */
export type ResetLogin = { kind: 'email'; email: string } | { kind: 'mobile'; mobile: string };

/**
 * Issue 23: the forgot-password dialog takes the e-mail or the registered mobile number. A
 * value without '@' that is an Indian mobile number is the mobile (its ten digits); anything
 * else is taken as an e-mail (normalised), so the answer never tells which accounts exist.
 * @example resetLoginOf('+91 98300 12345') // { kind: 'mobile', mobile: '9830012345' }
 * @example resetLoginOf(' Club@Example.org') // { kind: 'email', email: 'club@example.org' }
 */
export function resetLoginOf(value: string): ResetLogin {
  const mobile = value.includes('@') ? null : normaliseIndianMobile(value);
  return mobile ? { kind: 'mobile', mobile } : { kind: 'email', email: normaliseEmail(value) };
}
