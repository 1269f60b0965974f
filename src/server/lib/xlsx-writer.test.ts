import { inflateRawSync, crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, xlsxBuffer, xmlText } from './xlsx-writer';

/** The ZIP's entries from its central directory, each inflated and checked against its CRC and size. */
function unzip(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const offset = file.readUInt32LE(at + 42);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(file.readUInt32LE(offset), name).toBe(0x04034b50);
    const dataStart = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
    const data = inflateRawSync(file.subarray(dataStart, dataStart + compressed));
    expect(data.length, name).toBe(size);
    expect(crc32(data) >>> 0, name).toBe(crc);
    // The data descriptor after the data repeats them.
    expect(file.readUInt32LE(dataStart + compressed)).toBe(0x08074b50);
    expect(file.readUInt32LE(dataStart + compressed + 4)).toBe(crc);
    out.set(name, data.toString('utf8'));
    at += 46 + nameLength;
  }
  return out;
}

async function read(file: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as never);
  return wb;
}

describe('XLSX writer', () => {
  it('writes text, numbers, dates and yes/no that a spreadsheet reads back as such', async () => {
    const when = new Date(Date.UTC(2026, 10, 24, 20, 5));
    const file = await xlsxBuffer([
      {
        name: 'Kiện hàng',
        columns: [
          { header: 'Mã & tên <kiện>', width: 30 },
          { header: 'Cân nặng (kg)', numFmt: '#,##0.0##' },
          { header: 'Lúc', numFmt: 'dd/mm/yyyy hh:mm' },
          { header: 'Có', width: 8 },
          { header: 'Giá trị' },
        ],
        rows: [
          { cells: ['Giày "thể thao" — 1 đôi', 1.25, when, true, 45.99], formats: [undefined, undefined, undefined, undefined, '#,##0.00 "USD"'] },
          { cells: ['  khoảng trắng  ', 0, null, false, 15000], formats: [undefined, undefined, undefined, undefined, '#,##0 "JPY"'] },
          { cells: [null, -3.5, undefined, null, ''] },
        ],
      },
    ]);
    const ws = (await read(file)).worksheets[0]!;
    expect(ws.name).toBe('Kiện hàng');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Mã & tên <kiện>', 'Cân nặng (kg)', 'Lúc', 'Có', 'Giá trị']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(1).value).toBe('Giày "thể thao" — 1 đôi');
    expect(ws.getRow(2).getCell(2).value).toBe(1.25);
    expect(ws.getRow(2).getCell(2).numFmt).toBe('#,##0.0##');
    expect((ws.getRow(2).getCell(3).value as Date).toISOString()).toBe(when.toISOString());
    expect(ws.getRow(2).getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(ws.getRow(2).getCell(4).value).toBe(true);
    expect(ws.getRow(2).getCell(5).numFmt).toBe('#,##0.00 "USD"');
    expect(ws.getRow(3).getCell(1).value).toBe('  khoảng trắng  ');
    expect(ws.getRow(3).getCell(2).value).toBe(0);
    expect(ws.getRow(3).getCell(3).value).toBe(null);
    expect(ws.getRow(3).getCell(4).value).toBe(false);
    expect(ws.getRow(3).getCell(5).numFmt).toBe('#,##0 "JPY"');
    expect(ws.getRow(4).getCell(1).value).toBe(null);
    expect(ws.getRow(4).getCell(2).value).toBe(-3.5);
    expect(ws.getRow(4).getCell(5).value).toBe(null);
    expect(ws.getColumn(1).width).toBe(30);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('is a well-formed ZIP: every entry inflates to its size and CRC, and the package names its parts', async () => {
    const file = await xlsxBuffer([
      { name: 'A', columns: [{ header: 'x' }], rows: [{ cells: ['1'] }] },
      { name: 'B', columns: [{ header: 'y' }], rows: [] },
    ]);
    const parts = unzip(file);
    expect([...parts.keys()].sort()).toEqual(
      ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml'].sort(),
    );
    expect(parts.get('[Content_Types].xml')).toContain('/xl/worksheets/sheet2.xml');
    expect((await read(file)).worksheets.map((w) => w.name)).toEqual(['A', 'B']);
  });

  it('drops what XML cannot carry, keeps sheet names legal and distinct, and names columns past Z', async () => {
    expect(xmlText('a\u0000b\u0007c\uFFFEd\uD800e & <f>')).toBe('abcde &amp; &lt;f&gt;');
    expect(xmlText('😀 tiếng Việt')).toBe('😀 tiếng Việt');
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: `c${i}` }));
    const file = await xlsxBuffer([
      { name: 'Báo cáo: tháng 11/2026 [tất cả] và còn dài hơn nữa', columns, rows: [{ cells: columns.map((_, i) => i) }] },
      { name: 'Báo cáo: tháng 11/2026 [tất cả] và còn dài hơn nữa', columns: [{ header: 'ctl\u0001' }], rows: [{ cells: ['x\u0002y'] }] },
    ]);
    const wb = await read(file);
    const [a, b] = wb.worksheets;
    expect(a!.name.length).toBeLessThanOrEqual(31);
    expect(a!.name).not.toMatch(/[[\]:*?/\\]/);
    expect(b!.name).not.toBe(a!.name);
    expect(a!.getRow(2).getCell(30).value).toBe(29);
    expect(b!.getRow(1).getCell(1).value).toBe('ctl');
    expect(b!.getRow(2).getCell(1).value).toBe('xy');
  });
});
