import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One page of a rendered PDF: its size in millimetres (the MediaBox), its text, and the text that is not on paper. */
export interface PdfPage {
  widthMm: number;
  heightMm: number;
  /** Every text run of the page in the order the PDF writes it (NFC), a line break wherever the PDF ends a line. */
  text: string;
  /**
   * Text runs that are in the PDF but leave no ink on the page when it is drawn: clipped away (by a page break, a
   * scroll box) or outside the page. Printed, they are lost though a text search of the PDF finds them.
   */
  unprinted: string[];
}

const MM_PER_PT = 25.4 / 72;
/** Pixels per PDF point of the page drawn to find the ink under each text run (144 dpi: 6.5 pt text is 13 px high). */
const SCALE = 2;
/** A pixel this dark or darker (of 255) is ink: faint grey text (a draft's watermark) counts, white paper does not. */
const INK = 235;

interface CanvasLike {
  getContext(type: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

/**
 * Reads a PDF (e.g. Playwright's page.pdf()) with pdf.js, as a print test needs it: each page's size in mm (rounded to
 * 0.1 mm), its text, and which of its text is not actually printed — each page is drawn (pdf.js on @napi-rs/canvas)
 * and every text run must leave ink where the PDF places it.
 */
export async function readPdf(data: Uint8Array): Promise<PdfPage[]> {
  // pdf.js takes ownership of the buffer it is given: a copy, so the caller's stays usable (written to a file).
  const doc = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      // view is the MediaBox (clipped by a CropBox, which Chromium does not write): [x0, y0, x1, y1] in points.
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const viewport = page.getViewport({ scale: SCALE });
      const factory = doc.canvasFactory as { create(w: number, h: number): { canvas: CanvasLike } };
      const { canvas } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise;
      const ctx = canvas.getContext('2d');
      const inked = (box: number[]): boolean => {
        const [ax, ay, bx, by] = box as [number, number, number, number];
        const left = Math.max(0, Math.floor(Math.min(ax, bx)));
        const top = Math.max(0, Math.floor(Math.min(ay, by)));
        const right = Math.min(Math.ceil(viewport.width), Math.ceil(Math.max(ax, bx)));
        const bottom = Math.min(Math.ceil(viewport.height), Math.ceil(Math.max(ay, by)));
        if (right <= left || bottom <= top) return false;
        const px = ctx.getImageData(left, top, right - left, bottom - top).data;
        for (let i = 0; i < px.length; i += 4) if (Math.min(px[i]!, px[i + 1]!, px[i + 2]!) <= INK) return true;
        return false;
      };
      const content = await page.getTextContent();
      let text = '';
      const unprinted: string[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
        if (!item.str.trim()) continue;
        // The run's box on the canvas: from its origin along its baseline for its width, from a little below the
        // baseline (descenders) up to its font's height; turned as the run is (a watermark is set at an angle).
        const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
        const along = Math.hypot(a, b) || 1;
        const size = Math.hypot(c, d) || item.height;
        const corners = [
          [0, -0.25],
          [1, -0.25],
          [0, 0.9],
          [1, 0.9],
        ].map(([t, s]) => viewport.convertToViewportPoint(e + (a / along) * item.width * t! + (c / size) * size * s!, f + (b / along) * item.width * t! + (d / size) * size * s!) as [number, number]);
        const xs = corners.map((p) => p[0]);
        const ys = corners.map((p) => p[1]);
        if (!inked([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)])) unprinted.push(item.str);
      }
      pages.push({
        widthMm: Math.round((x1 - x0) * MM_PER_PT * 10) / 10,
        heightMm: Math.round((y1 - y0) * MM_PER_PT * 10) / 10,
        text: text.normalize('NFC'),
        unprinted: unprinted.map((s) => s.normalize('NFC')),
      });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** A page's text with every run of white space (line breaks included) as one space: for finding a phrase that wraps. */
export const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
