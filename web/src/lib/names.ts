// The name rule every free-text name field shares (account full name,
// reference-check renters, blog author), mirroring the server's
// text.ValidName and its message: no control characters (NUL, CR, LF, tab...),
// line or paragraph separators, or text-direction marks and overrides.

/** NAME_CHARACTERS is the server's text.MsgNameCharacters, word for word. */
export const NAME_CHARACTERS = 'Names cannot contain line breaks, control characters or text-direction marks.'

const HIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u

/** hasHiddenCharacters is true when a name holds a character the server refuses. */
export function hasHiddenCharacters(name: string): boolean {
  return HIDDEN.test(name)
}
