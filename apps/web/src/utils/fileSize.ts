const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes in the largest unit that keeps the number at least 1: one decimal under 10 (1.5 MB), none above (240 KB). */
export function fileSizeText(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? n : n.toFixed(n < 10 ? 1 : 0)} ${UNITS[unit]}`;
}
