import type { Mawb, MawbPackage } from '../../../shared/contracts/mawbs';

/** Records as the API answers them, for this section's component tests (never imported by the app). */

export function mawb(over: Partial<Mawb> = {}): Mawb {
  return {
    id: 7,
    awbNumber: '176-12345675',
    airlinePrefix: '176',
    airlineCode: 'EK',
    airlineName: 'Emirates',
    origin: 'LAX',
    destination: 'SGN',
    flightLegs: [
      { flightNo: 'EK216', from: 'LAX', to: 'DXB', etd: '2025-03-12T23:40:00.000Z', eta: '2025-03-14T03:10:00.000Z', atd: null, ata: null },
      { flightNo: 'EK392', from: 'DXB', to: 'SGN', etd: '2025-03-14T07:00:00.000Z', eta: '2025-03-14T13:25:00.000Z', atd: null, ata: null },
    ],
    flights: 'EK216 / EK392',
    etd: '2025-03-12T23:40:00.000Z',
    eta: '2025-03-14T13:25:00.000Z',
    atd: null,
    ata: null,
    pieces: 2,
    grossWeightG: 4_250,
    chargeableWeightG: 5_500,
    volumetricWeightG: 1_800,
    airlineChargeableWeightG: 4_500,
    status: 'draft',
    statusAt: '2025-03-10T02:00:00.000Z',
    note: '',
    version: 4,
    createdAt: '2025-03-10T02:00:00.000Z',
    updatedAt: '2025-03-10T02:00:00.000Z',
    ...over,
  };
}

export function mawbPackage(id: number, over: Partial<MawbPackage> = {}): MawbPackage {
  return {
    id,
    code: `PK${String(id).padStart(8, '0')}`,
    trackingNumber: `1Z999AA1${String(id).padStart(10, '0')}`,
    customerId: 5,
    customerCode: 'KH000005',
    customerName: 'Lê Thị Hoa',
    weightG: 2_000,
    chargeableG: 2_500,
    lengthMm: 300,
    widthMm: 200,
    heightMm: 150,
    contents: 'Quần áo',
    declaredValue: null,
    declaredCurrency: null,
    consigneeName: 'Lê Thị Hoa',
    consigneePhone: '0912345678',
    consigneeProvince: 'Hà Nội',
    status: 'on_mawb',
    statusAt: '2025-03-10T02:00:00.000Z',
    ...over,
  };
}
