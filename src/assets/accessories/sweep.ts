import { add, cross, dot, length, normalize, scale, sub, type PartBuilder, type UvRect, type Vec3 } from './partBuilder.js';

/** One point of a swept path: where, and the two axes the cross-section is drawn in. */
export interface SweepFrame {
  at: Vec3;
  /** The profile's first axis (e.g. out of a rim's lens opening). */
  side: Vec3;
  /** Its second axis (e.g. forward, out of the face). */
  up: Vec3;
  /** Scales the profile here (tapering temples, a chain's links). */
  size?: number;
}

/** Options of {@link sweep}. */
export interface SweepOptions {
  /** The path closes on itself (a rim, a hoop): its last frame joins its first. */
  closed?: boolean;
  /** Where the part's UVs go: u along the path, v around the profile. */
  uv: UvRect;
  /** Open paths: close both ends with a flat cap (a temple's tip, a wire's end). */
  caps?: boolean;
}

/**
 * A cross-section (`profile`: closed loop of [side, up] points, counter-clockwise seen looking
 * along the path) swept along frames: rims, temples, wires, hat bands. Returns the first vertex.
 *
 * ```ts
 * sweep(builder, frames, circle(0.001, 8), { uv: [0, 0, 0.5, 0.5], caps: true });
 * ```
 */
export function sweep(b: PartBuilder, frames: readonly SweepFrame[], given: readonly [number, number][], options: SweepOptions): number {
  const { closed = false, uv, caps = false } = options;
  // Faces point out when side × up runs along the path; frames given the other way round take the profile backwards.
  const t0 = sub(frames[1 % frames.length].at, frames[0].at);
  const profile = dot(cross(frames[0].side, frames[0].up), t0) < 0 ? [...given].reverse() : given;
  const n = profile.length;
  const first = b.vertexCount;
  const rings = closed ? frames.length + 1 : frames.length;
  let along = 0;
  const total = frames.reduce((s, f, i) => s + (i ? length(sub(f.at, frames[i - 1].at)) : 0), 0) + (closed ? length(sub(frames[0].at, frames[frames.length - 1].at)) : 0);
  for (let r = 0; r < rings; r++) {
    const f = frames[r % frames.length];
    if (r) along += length(sub(f.at, frames[(r - 1) % frames.length].at));
    const u = uv[0] + (uv[2] - uv[0]) * (total ? along / total : 0);
    const k = f.size ?? 1;
    for (let j = 0; j <= n; j++) {
      const [s, t] = profile[j % n];
      b.vertex(add(f.at, add(scale(f.side, s * k), scale(f.up, t * k))), u, uv[1] + (uv[3] - uv[1]) * (j / n));
    }
  }
  for (let r = 0; r + 1 < rings; r++) {
    for (let j = 0; j < n; j++) {
      const a = first + r * (n + 1) + j, c = a + n + 1;
      b.quad(a, a + 1, c + 1, c);
    }
  }
  if (caps && !closed) {
    for (const [r, flip] of [[0, true], [rings - 1, false]] as const) {
      const f = frames[r], k = f.size ?? 1;
      const centre = b.vertex(f.at, uv[0] + (uv[2] - uv[0]) * (r ? 1 : 0), (uv[1] + uv[3]) / 2);
      const ring: number[] = [];
      for (let j = 0; j < n; j++) ring.push(b.vertex(add(f.at, add(scale(f.side, profile[j][0] * k), scale(f.up, profile[j][1] * k))), uv[0] + (uv[2] - uv[0]) * (r ? 1 : 0), uv[1] + (uv[3] - uv[1]) * (j / n)));
      for (let j = 0; j < n; j++) {
        if (flip) b.triangle(centre, ring[(j + 1) % n], ring[j]);
        else b.triangle(centre, ring[j], ring[(j + 1) % n]);
      }
    }
  }
  return first;
}

/** A circle of `segments` points, counter-clockwise. */
export function circle(radius: number, segments: number): [number, number][] {
  return Array.from({ length: segments }, (_, i) => [radius * Math.cos((2 * Math.PI * i) / segments), radius * Math.sin((2 * Math.PI * i) / segments)]);
}

/** A rounded rectangle `width` × `height` (corners of radius `round`), counter-clockwise, about 4 × (corner + 1) points. */
export function roundedRect(width: number, height: number, round: number, corner = 3): [number, number][] {
  const r = Math.min(round, width / 2, height / 2);
  const out: [number, number][] = [];
  const centres: [number, number][] = [[width / 2 - r, -height / 2 + r], [width / 2 - r, height / 2 - r], [-width / 2 + r, height / 2 - r], [-width / 2 + r, -height / 2 + r]];
  centres.forEach(([cx, cy], q) => {
    for (let i = 0; i <= corner; i++) {
      const a = ((q - 1) * Math.PI) / 2 + (i / corner) * (Math.PI / 2);
      out.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
  });
  return out;
}

/**
 * Frames along a 3D path by parallel transport: `up` starts as `upHint` made square to the path
 * and turns with it as little as it can, so a round wire or a flat temple does not twist.
 */
export function pathFrames(points: readonly Vec3[], upHint: Vec3, closed = false, sizes?: readonly number[]): SweepFrame[] {
  const n = points.length;
  const tangent = (i: number): Vec3 => {
    const prev = closed ? points[(i - 1 + n) % n] : points[Math.max(0, i - 1)];
    const next = closed ? points[(i + 1) % n] : points[Math.min(n - 1, i + 1)];
    return normalize(sub(next, prev));
  };
  const frames: SweepFrame[] = [];
  let up = upHint;
  for (let i = 0; i < n; i++) {
    const t = tangent(i);
    up = normalize(sub(up, scale(t, dot(up, t))));
    const side = normalize(cross(up, t));
    frames.push({ at: points[i], side, up, size: sizes?.[i] });
  }
  return frames;
}
