import type { Point2 } from './mesh.js';

/**
 * Scan-converts a polygon (even-odd rule, pixel centres) clipped to a width × height raster and calls
 * `span(y, x0, x1)` for every run of inside pixels x0 <= x < x1 on row y.
 */
export function scanPolygon(
  poly: ReadonlyArray<Readonly<Point2>>,
  width: number,
  height: number,
  span: (y: number, x0: number, x1: number) => void,
): void {
  if (poly.length < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of poly) {
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  const yStart = Math.max(0, Math.ceil(minY - 0.5));
  const yEnd = Math.min(height - 1, Math.floor(maxY - 0.5));
  const xs: number[] = [];
  for (let y = yStart; y <= yEnd; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i];
      const [xj, yj] = poly[j];
      if ((yi <= cy) !== (yj <= cy)) xs.push(xi + ((cy - yi) / (yj - yi)) * (xj - xi));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const x0 = Math.max(0, Math.ceil(xs[k] - 0.5));
      const x1 = Math.min(width, Math.ceil(xs[k + 1] - 0.5));
      if (x1 > x0) span(y, x0, x1);
    }
  }
}

/** Sets every pixel inside the polygon to `value`. */
export function fillPolygon(target: Uint8Array, width: number, height: number, poly: ReadonlyArray<Readonly<Point2>>, value = 255): void {
  scanPolygon(poly, width, height, (y, x0, x1) => target.fill(value, y * width + x0, y * width + x1));
}

/** Indices (y * width + x) of the pixels inside the polygon. */
export function polygonPixels(poly: ReadonlyArray<Readonly<Point2>>, width: number, height: number): number[] {
  const out: number[] = [];
  scanPolygon(poly, width, height, (y, x0, x1) => {
    for (let x = x0; x < x1; x++) out.push(y * width + x);
  });
  return out;
}

/** Indices of the pixels whose centres lie within `radius` of `centre`. */
export function discPixels(centre: Readonly<Point2>, radius: number, width: number, height: number): number[] {
  const out: number[] = [];
  const r2 = radius * radius;
  const y0 = Math.max(0, Math.floor(centre[1] - radius));
  const y1 = Math.min(height - 1, Math.ceil(centre[1] + radius));
  const x0 = Math.max(0, Math.floor(centre[0] - radius));
  const x1 = Math.min(width - 1, Math.ceil(centre[0] + radius));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - centre[0];
      const dy = y + 0.5 - centre[1];
      if (dx * dx + dy * dy <= r2) out.push(y * width + x);
    }
  }
  return out;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in a y-down raster. */
export function convexHull(points: ReadonlyArray<Readonly<Point2>>): Point2[] {
  const pts = [...points].map((p): Point2 => [p[0], p[1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const turn = (o: Point2, a: Point2, b: Point2): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && turn(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && turn(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/**
 * The offset in a photo's RGB bytes of its pixel under the centre of pixel (x, y) of a width × height
 * grid laid over it: masks are made at the analysis' resolution, the photo comes at any.
 */
export function rgbUnder(photo: { width: number; height: number }, width: number, height: number, x: number, y: number): number {
  const px = Math.min(photo.width - 1, Math.floor(((x + 0.5) * photo.width) / width));
  const py = Math.min(photo.height - 1, Math.floor(((y + 0.5) * photo.height) / height));
  return (py * photo.width + px) * 3;
}
