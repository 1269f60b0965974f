import { Card, Col, Row } from 'react-bootstrap';

export interface TotalTile {
  key: string;
  label: string;
  /** null while the totals load (a placeholder shows). */
  value: string | null;
  /** Class names of the figure (size, colour). */
  className: string;
}

/**
 * Σ figures of every row a list's filters select (not only the page shown), one tile each. On a phone each
 * tile is one line (label, then figure) of one compact card (ui.css), so long amounts never overflow and the list
 * below starts on the first screen. `error`: why they could not be had.
 */
export function TotalsStrip({ label, tiles, busy, error, className = 'mb-3', testIdPrefix }: { label: string; tiles: TotalTile[]; busy: boolean; error?: string; className?: string; testIdPrefix: string }) {
  return (
    <section className={`totals-strip ${className}`} aria-label={label} aria-busy={busy}>
      {error !== undefined ? (
        <div className="alert alert-warning small py-2 mb-0" role="alert">
          {error}
        </div>
      ) : (
        <Row xs={1} sm={2} lg={tiles.length} className="g-2">
          {tiles.map((tile) => (
            <Col key={tile.key}>
              <Card className="h-100 shadow-sm">
                <Card.Body className="py-2 px-3 d-flex d-sm-block justify-content-between align-items-baseline gap-2">
                  <div className="small text-body-secondary">{tile.label}</div>
                  <div className={`${tile.className} text-nowrap`} data-testid={`${testIdPrefix}${tile.key}`}>
                    {tile.value ?? <span className="placeholder-glow"><span className="placeholder col-8 rounded" /></span>}
                  </div>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
