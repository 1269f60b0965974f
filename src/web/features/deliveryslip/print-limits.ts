/** Slips one print run holds (the list's "print every matching slip" and the print screen's own list alike). */
export const PRINT_SLIPS_MAX = 200;
