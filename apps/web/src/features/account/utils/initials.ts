/**
 * The avatar's initials: the first letters of the first and the last word of the name, in upper
 * case, or one letter for a one-word name. '' for no name.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase('en-IN');
  return last ? letter(first) + letter(last) : letter(first);
}
