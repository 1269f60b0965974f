import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { placeholderNames } from '../../shared/i18n/localize';
import { MESSAGES_EN } from '../../shared/i18n/messages.en';

/**
 * Every Vietnamese text the server or the shared contracts/domain can send must have English in the catalog.
 *
 * The source of src/server and src/shared (tests excluded) is parsed with the TypeScript compiler, and every
 * string or template literal containing a Vietnamese letter is collected. Each one must either have a catalog
 * entry (a template literal `… ${expr} …` matches a catalog template `… {name} …`, whatever the names), or be
 * listed below as data, with the reason. Nothing is skipped silently: a new message anywhere — an HttpError, a
 * zod `error:`, a `ctx.addIssue`, a label that ends up inside a message — fails this test until its English is
 * written in src/shared/i18n/messages.en.ts.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SCANNED_DIRS = ['src/server', 'src/shared'];
const VIETNAMESE = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu;

// ---- what is data, not a message (each with its reason) ------------------------------------------------------

/** Files (or folders, ending in "/") whose Vietnamese text is data. */
const DATA_FILES: Record<string, string> = {
  'src/server/db/seed/': 'demo data (names, addresses, products, notes) written into the database',
  'src/server/lib/resource/fold-sql.ts': 'the accented letters the accent-folding SQL maps',
  'src/shared/domain/airports.ts': 'proper names of airports and their cities',
  'src/server/modules/auth/test-support.ts': 'fixtures of the API tests',
  'src/server/modules/mawbs/test-support.ts': 'fixtures of the API tests',
  'src/server/modules/notifications/notifications.samples.ts': 'the sample figures (a made-up customer, a courier) a ZNS test send fills a template with',
  'src/server/modules/dashboard/dashboard.export.ts': 'the Vietnamese sheet names, column headers and row labels of the dashboards\' XLSX report, each with its English beside it',
};

/** Where a literal stands (property name, or a call) when its text is not a message a user reads in the app. */
const DATA_CONTEXTS: Record<string, string> = {
  'summary:': 'OpenAPI summaries: developer documentation at /api/docs',
  'describe()': 'OpenAPI descriptions: developer documentation at /api/docs',
  'header:': 'spreadsheet column headers: exports and import templates are Vietnamese files',
  'aliases:': 'other names a Vietnamese spreadsheet may give an import column (matched, never shown)',
  'hint:': 'notes on the header cells of the Vietnamese import template',
  'fileName:': 'export file names',
  'templateName:': 'import template file and sheet names',
  'vi:': 'a customer notification\'s Vietnamese text: the customer\'s own language is chosen at sending, and its English stands beside it (en:)',
  'function resetMail': 'the password-reset e-mail: the server does not know the recipient\'s language, so the mail carries an English paragraph of its own',
};

/** Single literals: file, text (a template's `${…}` written `{}`), reason. */
const DATA_LITERALS: Array<[file: string, text: string, reason: string]> = [
  ['src/server/lib/resource/export.ts', 'Có', 'the Vietnamese yes of an export\'s yes/no cells (English has its own beside it)'],
  ['src/server/lib/resource/export.ts', 'Không', 'the Vietnamese no of an export\'s yes/no cells (English has its own beside it)'],
  ['src/server/modules/customers/customers.resource.ts', 'Mặc định', 'the name stored on an imported customer\'s default address'],
  ['src/server/modules/notifications/notifications.send.ts', 'Xin chào {},', 'the greeting of a customer notification e-mail in Vietnamese, chosen by the customer\'s language (the English greeting stands beside it)'],
  ['src/shared/domain/awb.ts', 'Serial AWB không hợp lệ: {}', 'a programming error (RangeError): never sent, a 500 says only "system error"'],
  ['src/shared/domain/awb.ts', 'Tiền tố hãng phải gồm 3 chữ số: {}', 'a programming error (RangeError): never sent, a 500 says only "system error"'],
];

/**
 * Catalog entries that no single literal here produces: texts of the web client, zod's own generic Vietnamese
 * "invalid input" (kept from reading "Đầu vào is not valid"), and whole sentences the code puts together from
 * pieces (each piece has its own entry and is checked above).
 */
const COMPOSED_OR_CLIENT_ENTRIES = new Set([
  'Lỗi không xác định',
  'Yêu cầu đã bị hủy',
  'Đầu vào không hợp lệ',
  'MAWB đang ở trạng thái "{status}"; chỉ có thể chuyển sang: {next}',
  'MAWB đang ở trạng thái "{status}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp',
  'Không thể chuyển MAWB từ "{from}" sang "{to}"; chỉ có thể chuyển sang: {next}',
  'Không thể chuyển MAWB từ "{from}" sang "{to}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp',
  'Phiếu giao đang ở trạng thái "{status}"; chỉ có thể chuyển sang: {next}',
  'Phiếu giao đang ở trạng thái "{status}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp',
  'Không thể chuyển phiếu giao từ "{from}" sang "{to}"; chỉ có thể chuyển sang: {next}',
  'Không thể chuyển phiếu giao từ "{from}" sang "{to}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp',
  'Không thể ghi sự kiện "{event}" cho kiện đang ở trạng thái "{status}"; chỉ có thể chuyển sang: {next}',
  'Không thể ghi sự kiện "{event}" cho kiện đang ở trạng thái "{status}"; trạng thái này là trạng thái cuối, không thể chuyển tiếp',
]);

// ---- the scan ---------------------------------------------------------------------------------------------------

interface Found {
  file: string;
  line: number;
  /** The literal's text; each `${…}` of a template written `{}`. */
  text: string;
  /** Where it stands: 'summary:', 'HttpError()', 'function resetMail'… (the nearest one that names it). */
  contexts: string[];
  /** Whether it stands where messages stand (an error's argument, `message:`/`error:`, a zod check…). */
  message: boolean;
  /** Joined to other text with `+`: the catalog would only ever see part of the sentence. */
  concatenated: boolean;
}

const MESSAGE_CALLS = new Set([
  'HttpError', 'badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'fieldError',
  'min', 'max', 'length', 'regex', 'email', 'refine', 'superRefine', 'string', 'number', 'enum', 'int',
]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (rel === 'src/shared/i18n') continue; // the catalog and its machinery, not a source of messages
    if (entry.isDirectory()) sourceFiles(rel, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function calleeName(expr: ts.Expression): string {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return '';
}

function describeLiteral(node: ts.Node, sf: ts.SourceFile): Pick<Found, 'contexts' | 'message' | 'concatenated'> {
  const contexts: string[] = [];
  let message = false;
  let concatenated = false;
  let child: ts.Node = node;
  let direct = true; // still on the path a message value travels (parentheses, ?:, ??, a nested template)
  for (let p: ts.Node | undefined = node.parent; p; child = p, p = p.parent) {
    if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken && direct) concatenated = true;
    if (ts.isPropertyAssignment(p)) {
      const name = p.name.getText(sf);
      contexts.push(`${name}:`);
      if (direct && (name === 'message' || name === 'error')) message = true;
      direct = false;
    } else if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.some((a) => a === child)) {
      const name = calleeName(p.expression);
      contexts.push(`${name}()`);
      if (direct && MESSAGE_CALLS.has(name)) message = true;
      direct = false;
    } else if (ts.isFunctionDeclaration(p) && p.name) {
      contexts.push(`function ${p.name.text}`);
    } else if (ts.isArrayLiteralExpression(p) || ts.isVariableDeclaration(p) || ts.isReturnStatement(p)) {
      if (direct && (ts.isVariableDeclaration(p) || ts.isReturnStatement(p))) message = true;
      direct = false;
    } else if (!(ts.isParenthesizedExpression(p) || ts.isConditionalExpression(p) || ts.isBinaryExpression(p) || ts.isTemplateSpan(p) || ts.isTemplateExpression(p) || ts.isAsExpression(p) || ts.isNonNullExpression(p) || ts.isArrowFunction(p))) {
      direct = false;
    }
  }
  return { contexts, message, concatenated };
}

function scan(): { files: string[]; found: Found[] } {
  const files = SCANNED_DIRS.flatMap((d) => sourceFiles(d));
  const found: Found[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
      if (text !== undefined && VIETNAMESE.test(text.normalize('NFC'))) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push({ file, line, text: text.normalize('NFC'), ...describeLiteral(node, sf) });
      }
      // A template's own literal parts are in `text`; literals nested in its ${…} are visited on their own.
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((s) => visit(s.expression));
      else ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { files, found };
}

const shape = (catalogText: string) => catalogText.replace(/\{\w+\}/g, '{}');
const catalogShapes = new Map(Object.keys(MESSAGES_EN).map((k) => [shape(k.normalize('NFC')), k]));

function exclusionOf(f: Found): string | undefined {
  for (const [prefix, reason] of Object.entries(DATA_FILES)) if (f.file === prefix || (prefix.endsWith('/') && f.file.startsWith(prefix))) return reason;
  for (const [context, reason] of Object.entries(DATA_CONTEXTS)) if (f.contexts.includes(context)) return reason;
  return DATA_LITERALS.find(([file, text]) => file === f.file && text === f.text)?.[2];
}

const { files, found } = scan();
const where = (f: Found) => `${f.file}:${f.line}  ${JSON.stringify(f.text)}`;

describe('English catalog coverage of the Vietnamese messages in src/server and src/shared', () => {
  it('the scan sees the code (a broken scanner must not pass)', () => {
    expect(files.length).toBeGreaterThan(80);
    expect(found.length).toBeGreaterThan(400);
    const texts = new Set(found.map((f) => f.text));
    // One of each kind: a contract constant, an HttpError argument, a zod `error:`, a template, an addIssue message.
    for (const t of [
      'Email hoặc mật khẩu không đúng',
      'Bạn cần đăng nhập để tiếp tục',
      'Mã vận đơn dài tối đa {} ký tự',
      'Không tìm thấy {}',
      'Chỉ chọn khách hàng hoặc nhập mã khách hàng, không cả hai',
    ]) {
      expect(texts, t).toContain(t);
    }
    expect(found.filter((f) => f.message).length).toBeGreaterThan(250);
  });

  it('every Vietnamese literal has an English entry, or is listed as data with its reason', () => {
    const missing = found.filter((f) => !catalogShapes.has(f.text) && exclusionOf(f) === undefined);
    expect(missing.map(where), 'add these to src/shared/i18n/messages.en.ts').toEqual([]);
    const covered = found.filter((f) => catalogShapes.has(f.text));
    const messages = new Set(covered.filter((f) => f.message).map((f) => f.text));
    console.info(
      `[i18n] catalog: ${Object.keys(MESSAGES_EN).length} entries; ${found.length} Vietnamese literals scanned in ${files.length} files: ` +
        `${covered.length} translated (${messages.size} distinct messages in message positions), ${found.length - covered.length} data`,
    );
  });

  it('a message in a message position is never let through as data by a context rule', () => {
    const hidden = found.filter((f) => f.message && !catalogShapes.has(f.text) && !DATA_LITERALS.some(([file, text]) => file === f.file && text === f.text) && !Object.keys(DATA_FILES).some((p) => f.file.startsWith(p)) && !f.contexts.includes('function resetMail'));
    expect(hidden.map(where)).toEqual([]);
  });

  it('messages are whole: no Vietnamese text joined with +, no two placeholders side by side', () => {
    const split = found.filter((f) => exclusionOf(f) === undefined && (f.concatenated || f.text.includes('{}{}')));
    expect(split.map(where), 'write the message as one template literal, one ${…} between words').toEqual([]);
  });

  it('each data exclusion still matches something (stale exclusions are removed)', () => {
    for (const [file, text] of DATA_LITERALS) expect(found.some((f) => f.file === file && f.text === text), `${file} ${text}`).toBe(true);
    for (const prefix of Object.keys(DATA_FILES)) expect(found.some((f) => f.file.startsWith(prefix)), prefix).toBe(true);
    for (const context of Object.keys(DATA_CONTEXTS)) expect(found.some((f) => f.contexts.includes(context)), context).toBe(true);
  });

  it('every catalog entry is still used by the code (or is a composed sentence / client text)', () => {
    const used = new Set(found.map((f) => f.text));
    const stale = Object.keys(MESSAGES_EN).filter((k) => !used.has(shape(k.normalize('NFC'))) && !COMPOSED_OR_CLIENT_ENTRIES.has(k));
    expect(stale).toEqual([]);
  });

  it('English entries use the same placeholders as their Vietnamese and contain no Vietnamese', () => {
    const bad: string[] = [];
    for (const [vi, en] of Object.entries(MESSAGES_EN)) {
      const a = placeholderNames(vi).sort().join(',');
      const b = placeholderNames(en).sort().join(',');
      if (a !== b) bad.push(`placeholders differ: ${vi} → ${en}`);
      if (VIETNAMESE.test(en)) bad.push(`Vietnamese in the English: ${en}`);
      if (!en.trim()) bad.push(`empty English: ${vi}`);
      if (vi !== vi.normalize('NFC')) bad.push(`key not in NFC: ${vi}`);
    }
    expect(bad).toEqual([]);
  });
});
