// Long command lines differ at the end (`… server-filesystem /home/me/projects/a` vs `…/b`), so
// when one does not fit it is cut in the middle, keeping its end: the text is split into a head
// that CSS may shorten with an ellipsis and a tail that is always shown.

/** Splits `text` so that the tail keeps about `tailLength` characters, from a word or path start. */
export function splitForMiddleCut(text: string, tailLength = 28): { head: string; tail: string } {
  if (text.length <= tailLength * 2) return { head: text, tail: '' };
  let at = text.length - tailLength;
  // Start the tail at a separator if one is near, so it begins with a whole word or path part.
  const boundary = text.slice(at - 12, at + 12).search(/[\s/\\]/);
  if (boundary >= 0) at = at - 12 + boundary;
  return { head: text.slice(0, at), tail: text.slice(at) };
}
