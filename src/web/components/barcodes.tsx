import JsBarcode from 'jsbarcode';
import { create as createQr } from 'qrcode';
import { useLayoutEffect, useMemo, useRef } from 'react';

/**
 * Barcodes for printed sheets (package labels, delivery slips), as SVG so they print sharp at any size. Only the
 * print screens' chunks import this module, which keeps jsbarcode and qrcode out of every other screen's bundle.
 */

/** Code 128 of `value`, stretched to the width its container gives it (every bar scales alike, so it still scans). */
export function Code128({ value, label, className, testId = 'label-barcode' }: { value: string; label: string; className?: string; testId?: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    // Quiet zones of 10 modules each side, as the symbology asks; no human-readable line (the label prints its own).
    JsBarcode(svg, value, { format: 'CODE128', width: 2, height: 80, margin: 0, marginLeft: 20, marginRight: 20, displayValue: false, background: '#ffffff', lineColor: '#000000' });
    const w = parseFloat(svg.getAttribute('width') ?? '0');
    const h = parseFloat(svg.getAttribute('height') ?? '0');
    if (w && h) {
      svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
      svg.setAttribute('preserveAspectRatio', 'none');
      svg.removeAttribute('width');
      svg.removeAttribute('height');
      svg.removeAttribute('style');
    }
  }, [value]);
  return <svg ref={ref} className={className} role="img" aria-label={label} data-testid={testId} data-value={value} />;
}

/** The QR modules of `value` as one SVG path (error correction M; a 2-module margin, the label around it is white). */
export function QrCode({ value, label, className, testId = 'label-qr' }: { value: string; label: string; className?: string; testId?: string }) {
  const { d, size } = useMemo(() => {
    const qr = createQr(value, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let path = '';
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) path += `M${c} ${r}h1v1h-1z`;
    }
    return { d: path, size: n };
  }, [value]);
  return (
    <svg
      className={className}
      viewBox={`-2 -2 ${size + 4} ${size + 4}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-value={value}
    >
      <rect x={-2} y={-2} width={size + 4} height={size + 4} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
