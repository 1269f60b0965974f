import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { foldVietnamese } from '../../../shared/text';

/** Every Vietnamese letter with a diacritic, both cases (lower() follows the database locale, which may be C). */
const ACCENTED =
  'àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ' +
  'ÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬÈÉẺẼẸÊỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢÙÚỦŨỤƯỪỨỬỮỰỲÝỶỸỴĐ';
const FROM = [...ACCENTED].join('');
const TO = [...ACCENTED].map((c) => foldVietnamese(c)).join('');

/**
 * The SQL twin of foldVietnamese for tables small enough not to keep a folded `search_text` column
 * (stores): lower case, no diacritics. Input must be NFC, which is what browsers and our API send.
 */
export function foldSql(expr: SQLWrapper): SQL {
  return sql`lower(translate(${expr}, ${FROM}, ${TO}))`;
}
