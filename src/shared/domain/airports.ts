/**
 * IATA airports on the routes the business flies: the origin gateways abroad, the hubs cargo transits,
 * and the Vietnamese destinations. Used to validate MAWB origin/destination and flight legs, and by the
 * web's pickers; `city` is how the airport is usually named in Vietnamese paperwork.
 */

export interface Airport {
  /** IATA 3-letter location code. */
  code: string;
  name: string;
  /** How the place reads in tracking events, before the code: "Tân Sơn Nhất" → "Tân Sơn Nhất (SGN)". */
  label: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export const AIRPORTS: readonly Airport[] = [
  // United States
  { code: 'LAX', name: 'Los Angeles International', label: 'Los Angeles', city: 'Los Angeles', country: 'US' },
  { code: 'SFO', name: 'San Francisco International', label: 'San Francisco', city: 'San Francisco', country: 'US' },
  { code: 'JFK', name: 'John F. Kennedy International', label: 'New York JFK', city: 'New York', country: 'US' },
  { code: 'ORD', name: "O'Hare International", label: "Chicago O'Hare", city: 'Chicago', country: 'US' },
  { code: 'SEA', name: 'Seattle–Tacoma International', label: 'Seattle', city: 'Seattle', country: 'US' },
  { code: 'PDX', name: 'Portland International', label: 'Portland', city: 'Portland', country: 'US' },
  { code: 'ANC', name: 'Ted Stevens Anchorage International', label: 'Anchorage', city: 'Anchorage', country: 'US' },
  { code: 'DFW', name: 'Dallas/Fort Worth International', label: 'Dallas/Fort Worth', city: 'Dallas', country: 'US' },
  { code: 'MIA', name: 'Miami International', label: 'Miami', city: 'Miami', country: 'US' },
  // Japan, Korea, Taiwan, China
  { code: 'NRT', name: 'Narita International', label: 'Tokyo Narita', city: 'Tokyo', country: 'JP' },
  { code: 'HND', name: 'Haneda', label: 'Tokyo Haneda', city: 'Tokyo', country: 'JP' },
  { code: 'KIX', name: 'Kansai International', label: 'Osaka Kansai', city: 'Osaka', country: 'JP' },
  { code: 'ICN', name: 'Incheon International', label: 'Incheon', city: 'Seoul', country: 'KR' },
  { code: 'TPE', name: 'Taoyuan International', label: 'Taipei Taoyuan', city: 'Taipei', country: 'TW' },
  { code: 'HKG', name: 'Hong Kong International', label: 'Hong Kong', city: 'Hong Kong', country: 'HK' },
  { code: 'PVG', name: 'Pudong International', label: 'Shanghai Pudong', city: 'Shanghai', country: 'CN' },
  { code: 'PEK', name: 'Capital International', label: 'Beijing Capital', city: 'Beijing', country: 'CN' },
  { code: 'CAN', name: 'Baiyun International', label: 'Guangzhou Baiyun', city: 'Guangzhou', country: 'CN' },
  // South-East Asia, Australia
  { code: 'SIN', name: 'Changi', label: 'Singapore Changi', city: 'Singapore', country: 'SG' },
  { code: 'BKK', name: 'Suvarnabhumi', label: 'Bangkok Suvarnabhumi', city: 'Bangkok', country: 'TH' },
  { code: 'KUL', name: 'Kuala Lumpur International', label: 'Kuala Lumpur', city: 'Kuala Lumpur', country: 'MY' },
  { code: 'SYD', name: 'Kingsford Smith', label: 'Sydney', city: 'Sydney', country: 'AU' },
  // Middle East, Europe
  { code: 'DXB', name: 'Dubai International', label: 'Dubai', city: 'Dubai', country: 'AE' },
  { code: 'DOH', name: 'Hamad International', label: 'Doha Hamad', city: 'Doha', country: 'QA' },
  { code: 'IST', name: 'Istanbul Airport', label: 'Istanbul', city: 'Istanbul', country: 'TR' },
  { code: 'FRA', name: 'Frankfurt Airport', label: 'Frankfurt', city: 'Frankfurt', country: 'DE' },
  { code: 'CDG', name: 'Charles de Gaulle', label: 'Paris CDG', city: 'Paris', country: 'FR' },
  { code: 'AMS', name: 'Schiphol', label: 'Amsterdam Schiphol', city: 'Amsterdam', country: 'NL' },
  { code: 'LHR', name: 'Heathrow', label: 'London Heathrow', city: 'London', country: 'GB' },
  // Vietnam
  { code: 'SGN', name: 'Tân Sơn Nhất', label: 'Tân Sơn Nhất', city: 'TP. Hồ Chí Minh', country: 'VN' },
  { code: 'HAN', name: 'Nội Bài', label: 'Nội Bài', city: 'Hà Nội', country: 'VN' },
  { code: 'DAD', name: 'Đà Nẵng', label: 'Đà Nẵng', city: 'Đà Nẵng', country: 'VN' },
];

export const AIRPORT_CODES = AIRPORTS.map((a) => a.code);

/** Where a MAWB may land: the business imports into Vietnam. */
export const DESTINATION_AIRPORT_CODES = AIRPORTS.filter((a) => a.country === 'VN').map((a) => a.code);

const byCode = new Map(AIRPORTS.map((a) => [a.code, a]));

export function airportByCode(code: string): Airport | undefined {
  return byCode.get(code);
}

/** "Los Angeles (LAX)": how a location reads in a tracking event. */
export function airportLabel(code: string): string {
  const a = byCode.get(code);
  return a ? `${a.label} (${code})` : code;
}
