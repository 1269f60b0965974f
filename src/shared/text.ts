/** Vietnamese without its marks, case kept: "Đà Nẵng" → "Da Nang". */
export function stripVietnameseMarks(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
}

/**
 * Folds Vietnamese text for accent-insensitive search: lower case, no diacritics, đ → d.
 * "Kiểm Tra" → "kiem tra". The same fold is stored in search columns and applied to the query.
 */
export function foldVietnamese(input: string): string {
  return stripVietnameseMarks(input)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
