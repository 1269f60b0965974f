/** Deterministic pseudo-random source so demo data is the same on every machine. */
export function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)]!,
  };
}
export type Rng = ReturnType<typeof rng>;

export const FAMILY_NAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'] as const;
export const MIDDLE_NAMES = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Thanh', 'Đức', 'Hữu', 'Quốc', 'Thu', 'Hoài', 'Gia', 'Bảo', 'Kim', 'Xuân'] as const;
export const GIVEN_NAMES = ['An', 'Bình', 'Châu', 'Dũng', 'Giang', 'Hà', 'Hải', 'Hạnh', 'Hiếu', 'Hoa', 'Hùng', 'Hương', 'Khánh', 'Lan', 'Linh', 'Long', 'Mai', 'Nam', 'Nga', 'Phong', 'Phúc', 'Quân', 'Quỳnh', 'Sơn', 'Tâm', 'Thảo', 'Thắng', 'Trang', 'Trung', 'Tú', 'Tuấn', 'Vy', 'Yến', 'Kiểm'] as const;
const MOBILE_PREFIXES = ['090', '091', '093', '094', '096', '097', '098', '032', '033', '035', '070', '076', '077', '081', '083', '085', '086', '088', '089'] as const;
export const PROVINCES = ['Hà Nội', 'TP. Hồ Chí Minh', 'Đà Nẵng', 'Hải Phòng', 'Cần Thơ', 'Bình Dương', 'Đồng Nai', 'Khánh Hòa', 'Quảng Ninh', 'Thừa Thiên Huế', 'Nghệ An', 'Lâm Đồng', 'Bắc Ninh', 'Thanh Hóa', 'Long An'] as const;
export const STREETS = ['Lê Lợi', 'Nguyễn Huệ', 'Trần Hưng Đạo', 'Hai Bà Trưng', 'Lý Thường Kiệt', 'Điện Biên Phủ', 'Cách Mạng Tháng Tám', 'Nguyễn Trãi', 'Pasteur', 'Võ Văn Tần', 'Phan Đình Phùng', 'Hoàng Diệu'] as const;

export function vietnameseName(r: Rng): string {
  return `${r.pick(FAMILY_NAMES)} ${r.pick(MIDDLE_NAMES)} ${r.pick(GIVEN_NAMES)}`;
}
export function mobile(r: Rng): string {
  return `${r.pick(MOBILE_PREFIXES)}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
}
export function address(r: Rng): string {
  return `${r.int(1, 350)} ${r.pick(STREETS)}, ${r.pick(PROVINCES)}`;
}
/** ASCII local part of an e-mail from a Vietnamese name: "Trần Thị Mai" → "mai.tran". */
export function emailLocal(name: string): string {
  const folded = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/gi, 'd').toLowerCase().split(' ');
  return `${folded.at(-1)}.${folded[0]}`;
}
