import type { WeightRules } from './weight';

/**
 * Airlines whose cargo flies to Vietnam, by their IATA air waybill prefix (the first 3 digits of an AWB,
 * IATA's "airline accounting code"). A MAWB's airline comes from its prefix, so a number whose prefix is
 * not listed here cannot be entered. Only prefixes we are sure of are listed; add a row to take a new
 * carrier's stock.
 */

export interface Airline {
  /** AWB prefix, 3 digits. */
  prefix: string;
  /** IATA 2-character designator, as flight numbers start ("BR 25"). */
  iata: string;
  name: string;
  /** ISO 3166-1 alpha-2 of the carrier's home country. */
  country: string;
  /** A freighter-only operator (no passenger flights). */
  cargoOnly?: boolean;
  /** The carrier's own divisor and rounding step when they differ from IATA_WEIGHT_RULES. */
  weightRules?: WeightRules;
}

/**
 * IATA's rule for air cargo, used by the carriers listed here: volumetric weight at 6000 cm³ per kg, the
 * chargeable weight rounded up to the next half kilogram.
 */
export const IATA_WEIGHT_RULES: WeightRules = { divisor: 6000, stepG: 500 };

export const AIRLINES: readonly Airline[] = [
  { prefix: '738', iata: 'VN', name: 'Vietnam Airlines', country: 'VN' },
  { prefix: '160', iata: 'CX', name: 'Cathay Pacific', country: 'HK' },
  { prefix: '180', iata: 'KE', name: 'Korean Air', country: 'KR' },
  { prefix: '988', iata: 'OZ', name: 'Asiana Airlines', country: 'KR' },
  { prefix: '695', iata: 'BR', name: 'EVA Air', country: 'TW' },
  { prefix: '297', iata: 'CI', name: 'China Airlines', country: 'TW' },
  { prefix: '131', iata: 'JL', name: 'Japan Airlines', country: 'JP' },
  { prefix: '205', iata: 'NH', name: 'All Nippon Airways', country: 'JP' },
  { prefix: '933', iata: 'KZ', name: 'Nippon Cargo Airlines', country: 'JP', cargoOnly: true },
  { prefix: '618', iata: 'SQ', name: 'Singapore Airlines', country: 'SG' },
  { prefix: '217', iata: 'TG', name: 'Thai Airways', country: 'TH' },
  { prefix: '232', iata: 'MH', name: 'Malaysia Airlines', country: 'MY' },
  { prefix: '079', iata: 'PR', name: 'Philippine Airlines', country: 'PH' },
  { prefix: '999', iata: 'CA', name: 'Air China', country: 'CN' },
  { prefix: '781', iata: 'MU', name: 'China Eastern Airlines', country: 'CN' },
  { prefix: '784', iata: 'CZ', name: 'China Southern Airlines', country: 'CN' },
  { prefix: '112', iata: 'CK', name: 'China Cargo Airlines', country: 'CN', cargoOnly: true },
  { prefix: '880', iata: 'HU', name: 'Hainan Airlines', country: 'CN' },
  { prefix: '176', iata: 'EK', name: 'Emirates', country: 'AE' },
  { prefix: '607', iata: 'EY', name: 'Etihad Airways', country: 'AE' },
  { prefix: '157', iata: 'QR', name: 'Qatar Airways', country: 'QA' },
  { prefix: '235', iata: 'TK', name: 'Turkish Airlines', country: 'TR' },
  { prefix: '071', iata: 'ET', name: 'Ethiopian Airlines', country: 'ET' },
  { prefix: '020', iata: 'LH', name: 'Lufthansa Cargo', country: 'DE' },
  { prefix: '057', iata: 'AF', name: 'Air France', country: 'FR' },
  { prefix: '074', iata: 'KL', name: 'KLM', country: 'NL' },
  { prefix: '125', iata: 'BA', name: 'British Airways', country: 'GB' },
  { prefix: '724', iata: 'LX', name: 'Swiss International Air Lines', country: 'CH' },
  { prefix: '105', iata: 'AY', name: 'Finnair', country: 'FI' },
  { prefix: '172', iata: 'CV', name: 'Cargolux', country: 'LU', cargoOnly: true },
  { prefix: '081', iata: 'QF', name: 'Qantas', country: 'AU' },
  { prefix: '001', iata: 'AA', name: 'American Airlines', country: 'US' },
  { prefix: '006', iata: 'DL', name: 'Delta Air Lines', country: 'US' },
  { prefix: '016', iata: 'UA', name: 'United Airlines', country: 'US' },
  { prefix: '023', iata: 'FX', name: 'FedEx Express', country: 'US', cargoOnly: true },
  { prefix: '406', iata: '5X', name: 'UPS Airlines', country: 'US', cargoOnly: true },
  { prefix: '369', iata: '5Y', name: 'Atlas Air', country: 'US', cargoOnly: true },
  { prefix: '403', iata: 'PO', name: 'Polar Air Cargo', country: 'US', cargoOnly: true },
];

export const AIRLINE_PREFIXES = AIRLINES.map((a) => a.prefix);

const byPrefix = new Map(AIRLINES.map((a) => [a.prefix, a]));

export function airlineByPrefix(prefix: string): Airline | undefined {
  return byPrefix.get(prefix);
}

/** How the airline of this AWB prefix weighs a consolidation (IATA's rule unless it has its own). */
export function airlineWeightRules(prefix: string): WeightRules {
  return byPrefix.get(prefix)?.weightRules ?? IATA_WEIGHT_RULES;
}
