/**
 * Words a screen keeps to show later (a toast, a form's failure, an upload's refusal): a text,
 * or how to say it, read again at each render so a language switch re-reads them. A server's
 * answer kept as `() => errorText(error, fallback)` reads in the language chosen since; a text
 * the catalogue does not have (the server's own words) stays as it came.
 */
export type Said = string | (() => string);

/**
 * The words as they read now, in the chosen language.
 * @example said(() => t('login.failed')) // 'Login failed.' (in বাংলা after a switch, its Bengali)
 */
export function said(words: Said): string {
  return typeof words === 'function' ? words() : words;
}
