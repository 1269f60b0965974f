/**
 * A person's avatar initials, the same wherever an avatar is drawn (top bar, side bar, lock screen): the first
 * letters of the first and last words of the name — family name and given name in Vietnamese ("Trần Văn Quang" →
 * "TQ"), first and last name in English. One word gives one letter; no name gives ''.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0]![0]!;
  const last = words.length > 1 ? words[words.length - 1]![0]! : '';
  return (first + last).toLocaleUpperCase('vi');
}
