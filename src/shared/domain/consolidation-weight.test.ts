import { describe, expect, it } from 'vitest';
import { airlineWeightRules, IATA_WEIGHT_RULES } from './airlines';
import { consolidationWeight } from './weight';

describe('the airline\'s chargeable weight of a consolidation', () => {
  it('is the larger of the total gross and the total volumetric weight, rounded up to the airline step', () => {
    // Three parcels: 800 g 25×20×10 cm, 1,200 g no dimensions, 300 g 60×40×40 cm.
    // Total volume 5,000 + 96,000 cm³ = 101,000,000 mm³ ÷ 6000 = 16,833.3… → 16,834 g volumetric.
    const volumeMm3 = 250 * 200 * 100 + 600 * 400 * 400;
    const w = consolidationWeight({ grossG: 800 + 1_200 + 300, volumeMm3 }, IATA_WEIGHT_RULES);
    expect(w).toEqual({ grossG: 2_300, volumetricG: 16_834, chargeableG: 17_000 });
  });

  it('bills the gross weight when it is the larger, and never less than it', () => {
    expect(consolidationWeight({ grossG: 10_001, volumeMm3: 6_000 * 1_000 }, IATA_WEIGHT_RULES)).toEqual({ grossG: 10_001, volumetricG: 1_000, chargeableG: 10_500 });
    expect(consolidationWeight({ grossG: 10_500, volumeMm3: 0 }, IATA_WEIGHT_RULES).chargeableG).toBe(10_500);
    expect(consolidationWeight({ grossG: 0, volumeMm3: 0 }, IATA_WEIGHT_RULES).chargeableG).toBe(0);
  });

  it('can differ from the sum of the parcels\' rounded weights (what customers are billed)', () => {
    // Ten parcels of 1,010 g each: customers are billed 10 × 1,500 g; the airline 10,100 g → 10,500 g.
    expect(consolidationWeight({ grossG: 10 * 1_010, volumeMm3: 0 }, IATA_WEIGHT_RULES).chargeableG).toBe(10_500);
  });

  it('uses the IATA rules (6000 cm³/kg, next half kilogram) unless the airline has its own', () => {
    expect(IATA_WEIGHT_RULES).toEqual({ divisor: 6000, stepG: 500 });
    expect(airlineWeightRules('176')).toEqual(IATA_WEIGHT_RULES);
    expect(airlineWeightRules('000')).toEqual(IATA_WEIGHT_RULES);
  });
});
