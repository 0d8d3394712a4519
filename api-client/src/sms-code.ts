import { z } from 'zod';

/**
 * A code sent by SMS and waiting to be typed (decision 0034): the phone as shown to its owner and
 * the rules' figures (seconds, tries). A registration's code and a new phone's code carry the
 * same fields on the wire and here.
 */
export interface SmsCode {
  phone: string;
  expiresIn: number;
  resendAfter: number;
  tries: number;
}

/** The wire fields of an SMS code (`confirm_by: 'sms'` answers). */
export const smsCodeFields = {
  confirm_by: z.literal('sms'),
  phone: z.string(),
  expires_in: z.number().int().positive(),
  resend_after: z.number().int().nonnegative(),
  tries: z.number().int().positive(),
};

/** The wire fields of an SMS code as the client names them. */
export function smsCodeOf(data: {
  phone: string;
  expires_in: number;
  resend_after: number;
  tries: number;
}): SmsCode {
  return {
    phone: data.phone,
    expiresIn: data.expires_in,
    resendAfter: data.resend_after,
    tries: data.tries,
  };
}
