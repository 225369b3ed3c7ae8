import type { Mesh } from '../../core/mesh.js';
import type { GlassesRecipe } from '../../library/accessories/accessoryLibrary.js';
import { headDistance, toHead, type HeadLandmarks } from './headLandmarks.js';
import { lensOutline } from './lensOutline.js';
import { add, cross, lerp3, normalize, scale, sub, PartBuilder, type UvRect, type Vec3 } from './partBuilder.js';
import { ellipsoid, squareTo } from './shapes.js';
import { circle, pathFrames, roundedRect, sweep, type SweepFrame } from './sweep.js';

/** Where each material of a pair of glasses is in its texture (accessoryTexture.ts paints them). */
export const GLASSES_TILES: Record<'frame' | 'metal' | 'pad' | 'tip', UvRect> = {
  frame: [0.01, 0.01, 0.49, 0.49], metal: [0.51, 0.01, 0.99, 0.49], pad: [0.01, 0.51, 0.49, 0.99], tip: [0.51, 0.51, 0.99, 0.99],
};

/** A pair of glasses fitted to one head: the frame and the lenses (its own transparent material), in head coordinates. */
export interface FittedGlasses {
  frame: Mesh;
  lenses: Mesh;
  /** Frame vertices that are nose pads, which rest on the nose (left out of clearance checks). */
  padVertices: number;
  /** The least distance from the head of everything but the pads, metres. */
  clearance: number;
}

/** Room kept between the glasses and the skin, metres. */
const CLEARANCE = 0.0015;
/** Pantoscopic tilt: the frame's bottom leans towards the cheeks. */
const TILT = (7 * Math.PI) / 180;

interface Detail { outline: number; wire: number; corner: number; temple: number; rings: number }
const DETAIL: Record<1 | 2, Detail> = { 1: { outline: 72, wire: 8, corner: 2, temple: 28, rings: 4 }, 2: { outline: 32, wire: 5, corner: 1, temple: 12, rings: 2 } };

/**
 * A pair of glasses made for this head: lenses as wide as the head at the temples asks
 * (`widthScale`), centred on the eyes, far enough in front of them and of the brows and nose to
 * clear the skin by 1.5 mm, the bridge on the nose (or pads on its sides), temples from the hinges
 * back over the ears' roots and curving down behind them, kept off the head's sides. Built in the
 * head's frame (headLandmarks.ts): the front drawn flat, then curved round the face (`wrap`) and
 * tilted; returned in head coordinates.
 *
 * ```ts
 * const { frame, lenses } = fitGlasses(recipe, headLandmarks(head.mesh, head.template), 1);
 * ```
 */
export function fitGlasses(recipe: GlassesRecipe, at: HeadLandmarks, lod: 1 | 2 = 1): FittedGlasses {
  const d = DETAIL[lod];
  // Width: the head's at the temples, a little behind the eyes.
  const temple = Math.max(at.sideReach(0.004, -0.01, 0.006), at.sideReach(0.004, 0.0, 0.006));
  const rimW = recipe.rim === 'none' ? 0 : recipe.rimSize[0];
  const bridge = recipe.nosePads ? 0.019 : 0.017;
  const endpiece = rimW + 0.003;
  const frameWidth = 2 * temple * recipe.widthScale + 0.006;
  const lensW = (frameWidth - bridge - 2 * endpiece - 2 * rimW) / 2;
  const lensH = lensW * recipe.aspect;
  let lensY = recipe.shape === 'aviator' ? -0.004 : recipe.shape === 'oversized' ? -0.003 : 0.001;
  const outline = lensOutline(recipe.shape, { width: lensW, height: lensH, segments: d.outline });
  const lensX = bridge / 2 + rimW + lensW / 2;

  let z0 = at.eyes.radius + 0.012;
  let wrap = recipe.wrap;
  const flat = (x: number, y: number, z: number): Vec3 => {
    const zc = z - (x * x) / (2 * wrap);
    const dy = y - lensY;
    return [x, lensY + dy * Math.cos(TILT) - zc * Math.sin(TILT), dy * Math.sin(TILT) + zc * Math.cos(TILT) + z0];
  };
  // A flat-space frame (point, in-plane side, forward) carried through the curve and tilt.
  const carried = (x: number, y: number, z: number, sx: number, sy: number): SweepFrame => {
    const p = flat(x, y, z), e = 1e-4;
    const side = normalize(sub(flat(x + sx * e, y + sy * e, z), p));
    const up = normalize(sub(flat(x, y, z + e), p));
    return { at: p, side, up };
  };
  // Each lens' outline in flat space, counter-clockwise seen from the front, with its outward normals.
  const lensRings = ([1, -1] as const).map((s) => {
    const pts = outline.map(([ox, oy]) => [lensX * s + s * ox, lensY + oy] as [number, number]);
    if (s < 0) pts.reverse();
    const normals = pts.map((_, i) => {
      const p = pts[(i - 1 + pts.length) % pts.length], q = pts[(i + 1) % pts.length];
      const tx = q[0] - p[0], ty = q[1] - p[1], l = Math.hypot(tx, ty) || 1;
      return [ty / l, -tx / l] as [number, number];
    });
    return { s, pts, normals };
  });

  const build = (d: Detail = DETAIL[lod]): { frame: PartBuilder; lenses: PartBuilder; front: number } => {
    const frame = new PartBuilder(), lenses = new PartBuilder();
    for (const ring of lensRings) buildLens(lenses, ring.pts, flat, recipe, d);
    const wire = circle(recipe.rimSize[0] / 2, d.wire);
    for (const { pts, normals } of lensRings) {
      const rim = (offset: number, from = 0, to = pts.length, closed = true) => {
        const frames: SweepFrame[] = [];
        for (let k = from; k < to; k++) {
          const i = ((k % pts.length) + pts.length) % pts.length;
          const [nx, ny] = normals[i];
          frames.push(carried(pts[i][0] + nx * offset, pts[i][1] + ny * offset, 0, nx, ny));
        }
        return frames;
      };
      if (recipe.rim === 'acetate') sweep(frame, rim(rimW / 2 - 0.0008), roundedRect(rimW, recipe.rimSize[1], rimW * 0.4, d.corner), { closed: true, uv: GLASSES_TILES.frame });
      if (recipe.rim === 'wire' || recipe.rim === 'browline') sweep(frame, rim(recipe.rim === 'wire' ? recipe.rimSize[0] / 2 - 0.0004 : 0.0004), recipe.rim === 'wire' ? wire : circle(0.0007, d.wire), { closed: true, uv: GLASSES_TILES.metal });
      if (recipe.rim === 'browline') {
        // The brow bar over the upper half of the lens, ends rounded off.
        const n = pts.length;
        sweep(frame, rim(rimW / 2 - 0.0006, -Math.round(n * 0.04), Math.round(n * 0.54), false), roundedRect(rimW, recipe.rimSize[1], rimW * 0.4, d.corner), { uv: GLASSES_TILES.frame, caps: true });
      }
    }
    // Bridge: across from rim to rim above the nose.
    const inner = (s: 1 | -1, rise: number): [number, number] => [s * (bridge / 2 + rimW * 0.3), lensY + lensH * rise];
    if (recipe.rim === 'acetate') {
      const points: SweepFrame[] = [];
      for (let i = 0; i <= 10; i++) {
        const t = i / 10, [x0, y0] = inner(-1, 0.18), [x1] = inner(1, 0.18);
        const x = x0 + (x1 - x0) * t, y = y0 + 0.0045 * Math.sin(Math.PI * t);
        points.push(carried(x, y, 0, 0, 1));
      }
      sweep(frame, points, roundedRect(rimW * 1.15, recipe.rimSize[1], rimW * 0.4, d.corner), { uv: GLASSES_TILES.frame, caps: true });
    } else {
      const bar = (rise: number, arch: number, r: number) => {
        const points: SweepFrame[] = [];
        for (let i = 0; i <= 10; i++) {
          const t = i / 10, [x0, y0] = inner(-1, rise), [x1] = inner(1, rise);
          points.push(carried(x0 + (x1 - x0) * t, y0 + arch * Math.sin(Math.PI * t), 0.0002, 0, 1));
        }
        sweep(frame, points, circle(r, d.wire), { uv: GLASSES_TILES.metal, caps: true });
      };
      bar(recipe.rim === 'none' ? 0.15 : 0.12, 0.004, 0.0009);
      if (recipe.doubleBridge) bar(0.44, 0.0005, 0.0008);
    }
    return { frame, lenses, front: frame.vertexCount };
  };

  // Push the front out until it clears the skin (the brows, the nose, the cheeks). Big lenses meet
  // the cheeks first: raised a few millimetres they can sit back on the nose instead.
  // The search measures a coarse front (LOD2's detail), the result is built at the asked one.
  const settle = (): number => {
    for (let pass = 0; pass < 8; pass++) {
      const { frame, lenses } = build(DETAIL[2]);
      let least = Infinity;
      for (const b of [frame, lenses]) for (let v = 0; v < b.vertexCount; v += 3) least = Math.min(least, headDistance(at, b.position(v)));
      if (least >= CLEARANCE) break;
      z0 += CLEARANCE - least + 0.0004;
    }
    return z0;
  };
  // A broad, flat face meets a curved front at its outer edges: a flatter curve (up to 1.8 times
  // the recipe's radius) lets it sit back. The first that sits within 1.5 mm of the best is kept.
  const start = z0, baseY = lensY;
  const tried: { raise: number; flatten: number; z: number }[] = [];
  search: for (const flatten of [1, 1.35, 1.8]) {
    for (const raise of [0, 0.002, 0.004, 0.006]) {
      z0 = start; lensY = baseY + raise; wrap = recipe.wrap * flatten;
      tried.push({ raise, flatten, z: settle() });
      // Already where the eyes put it: nothing to gain.
      if (tried[tried.length - 1].z < start + 0.0015) break search;
    }
  }
  const least = Math.min(...tried.map((t) => t.z));
  const chosen = tried.find((t) => t.z < least + 0.0015)!;
  z0 = chosen.z; lensY = baseY + chosen.raise; wrap = recipe.wrap * chosen.flatten;
  const { frame, lenses } = build();
  // The coarse search can leave the asked detail a fraction of a millimetre short: settled there.
  for (let pass = 0; pass < 3; pass++) {
    let least = Infinity;
    for (const b of [frame, lenses]) for (let v = 0; v < b.vertexCount; v += 3) least = Math.min(least, headDistance(at, b.position(v)));
    if (least >= CLEARANCE * 0.8) break;
    const shift = CLEARANCE - least;
    z0 += shift;
    for (const b of [frame, lenses]) b.transform((p) => [p[0], p[1], p[2] + shift]);
  }

  // Endpieces, hinges and temples, per side.
  for (const s of [1, -1] as const) {
    const { pts, normals } = lensRings[s > 0 ? 0 : 1];
    // The rim's outer point a quarter of the way up.
    let best = 0;
    pts.forEach(([x, y], i) => { if (x * s - Math.abs(y - lensY - lensH * 0.25) * 0.8 > pts[best][0] * s - Math.abs(pts[best][1] - lensY - lensH * 0.25) * 0.8) best = i; });
    const [ex, ey] = pts[best], [nx, ny] = normals[best];
    const e0 = flat(ex + nx * rimW * 0.3, ey + ny * rimW * 0.3, 0);
    const e1 = flat(ex + s * (rimW + 0.0025), ey, 0);
    const hinge: Vec3 = [e1[0] + s * 0.0005, e1[1], e1[2] - 0.0065];
    const endpiece = recipe.rim === 'acetate' || recipe.rim === 'browline'
      ? roundedRect(Math.max(rimW, 0.0035) * 0.9, recipe.rimSize[1] * 0.9, 0.0012, d.corner)
      : circle(0.001, d.wire);
    const path = [e0, e1, lerp3(e1, hinge, 0.5), hinge];
    sweep(frame, pathFrames(path, [0, 1, 0]), endpiece, { uv: recipe.rim === 'acetate' || recipe.rim === 'browline' ? GLASSES_TILES.frame : GLASSES_TILES.metal, caps: true });
    // The hinge's barrel, upright.
    const barrel: Vec3[] = [add(hinge, [s * 0.0012, -0.003, -0.0005]), add(hinge, [s * 0.0012, 0, -0.0005]), add(hinge, [s * 0.0012, 0.003, -0.0005])];
    sweep(frame, pathFrames(barrel, [0, 0, 1]), circle(0.0012, d.wire), { uv: GLASSES_TILES.metal, caps: true });
    buildTemple(frame, at, recipe, s, add(hinge, [s * 0.0012, 0, -0.0015]), d);
  }
  const padStart = frame.vertexCount;
  if (recipe.nosePads) for (const s of [1, -1] as const) buildPad(frame, at, s, flat, lensX, lensW, lensY, lensH, d);
  const frameMesh = toHeadMesh(frame.mesh(), at);
  const lensMesh = toHeadMesh(lenses.mesh(), at);
  let clearance = Infinity;
  for (const b of [frame, lenses]) {
    const count = b === frame ? padStart : b.vertexCount;
    for (let v = 0; v < count; v++) clearance = Math.min(clearance, headDistance(at, b.position(v)));
  }
  return { frame: frameMesh, lenses: lensMesh, padVertices: frame.vertexCount - padStart, clearance };
}

/** Frame coordinates → head coordinates, normals turned with them. */
export function toHeadMesh(mesh: Mesh, at: HeadLandmarks): Mesh {
  const positions = new Float32Array(mesh.positions.length), normals = new Float32Array(mesh.positions.length);
  const f = at.frame;
  for (let v = 0; v < mesh.positions.length / 3; v++) {
    positions.set(toHead(f, [mesh.positions[v * 3], mesh.positions[v * 3 + 1], mesh.positions[v * 3 + 2]]), v * 3);
    const n = mesh.normals!;
    const r = add(scale(f.x, n[v * 3]), add(scale(f.y, n[v * 3 + 1]), scale(f.z, n[v * 3 + 2])));
    normals.set(r, v * 3);
  }
  return { ...mesh, positions, normals };
}

/** A lens: front and back faces in rings from its middle out, and its edge, with a faint meniscus bulge. */
function buildLens(b: PartBuilder, pts: readonly [number, number][], flat: (x: number, y: number, z: number) => Vec3, recipe: GlassesRecipe, d: Detail): void {
  const thick = recipe.rim === 'none' ? 0.002 : 0.0016;
  let cx = 0, cy = 0, x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const [x, y] of pts) { cx += x / pts.length; cy += y / pts.length; x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
  const uv = (x: number, y: number): [number, number] => [(x - x0) / (x1 - x0), (y1 - y) / (y1 - y0)];
  const n = pts.length;
  const faces: number[][] = [];
  for (const side of [1, -1]) {
    const rows: number[][] = [];
    for (let r = 0; r <= d.rings; r++) {
      const k = r / d.rings;
      const row: number[] = [];
      const count = r === 0 ? 1 : n;
      for (let i = 0; i < count; i++) {
        const [px, py] = pts[i];
        const x = cx + (px - cx) * k, y = cy + (py - cy) * k;
        const edge2 = (px - cx) ** 2 + (py - cy) ** 2;
        const bulge = ((1 - k * k) * edge2) / (2 * 0.25);
        row.push(b.vertex(flat(x, y, (side * thick) / 2 + bulge), ...uv(x, y)));
      }
      rows.push(row);
    }
    for (let r = 0; r < d.rings; r++) {
      for (let i = 0; i < n; i++) {
        const a = rows[r][r === 0 ? 0 : i], a1 = rows[r][r === 0 ? 0 : (i + 1) % n], c = rows[r + 1][i], c1 = rows[r + 1][(i + 1) % n];
        // Front faces out (+z), back faces in.
        if (side > 0) { if (r) b.quad(a, c, c1, a1); else b.triangle(a, c, c1); }
        else { if (r) b.quad(a, a1, c1, c); else b.triangle(a, c1, c); }
      }
    }
    faces.push(rows[d.rings]);
  }
  const [front, back] = faces;
  for (let i = 0; i < n; i++) b.quad(front[i], back[i], back[(i + 1) % n], front[(i + 1) % n]);
}

/**
 * A temple from its hinge back along the head's side, above the ear's root, and curving down
 * behind the ear: each point kept `CLEARANCE` off the head's side, tapering towards the tip.
 */
function buildTemple(b: PartBuilder, at: HeadLandmarks, recipe: GlassesRecipe, s: 1 | -1, hinge: Vec3, d: Detail): void {
  const ear = s > 0 ? at.ears.left : at.ears.right;
  const acetate = recipe.temples === 'acetate';
  const half = acetate ? 0.0026 : 0.0009;
  const thick = acetate ? 0.0012 : 0.0009;
  const yTop = ear.top[1] + half + 0.0015;
  const bend = ear.back - 0.003;
  const samples: Vec3[] = [];
  const straight = d.temple;
  for (let i = 0; i <= straight; i++) {
    const t = i / straight;
    const z = hinge[2] + (bend - hinge[2]) * t;
    const reach = Math.min(1, (hinge[2] - z) / Math.max(1e-3, hinge[2] - ear.front));
    samples.push([0, hinge[1] + (yTop - hinge[1]) * Math.min(1, reach * 1.1), z]);
  }
  const hook = Math.round(d.temple * 0.5);
  for (let i = 1; i <= hook; i++) {
    const f = (i / hook) * 1.35;
    samples.push([0, yTop - 0.024 * (1 - Math.cos(f)), bend - 0.02 * Math.sin(f)]);
  }
  // Sideways: straight from the hinge, never closer to the head than its side allows; the hook
  // hugs the skull behind the ear.
  const xs = samples.map(([, y, z], i) => {
    const side = at.sideReach(y, z, half + 0.0015) + CLEARANCE + thick;
    const line = Math.abs(hinge[0]) - (hinge[2] - z) * 0.02;
    const behind = i > straight ? Math.min(1, (i - straight) / hook) : 0;
    return Math.max(side, line * (1 - behind) + side * behind);
  });
  const smooth = xs.map((_, i) => {
    let sum = 0, count = 0;
    for (let k = Math.max(0, i - 2); k <= Math.min(xs.length - 1, i + 2); k++) { sum += xs[k]; count++; }
    return Math.max(xs[i], sum / count);
  });
  const points = samples.map(([, y, z], i): Vec3 => [s * smooth[i], y, z]);
  points[0] = hinge;
  const sizes = points.map((_, i) => 1 - 0.25 * (i / (points.length - 1)));
  const frames = pathFrames(points, [0, 1, 0], false, sizes);
  if (acetate) {
    sweep(b, frames, roundedRect(thick * 2, half * 2, thick * 0.9, d.corner), { uv: GLASSES_TILES.frame, caps: true });
  } else {
    const tipFrom = Math.round(points.length * 0.55);
    sweep(b, frames.slice(0, tipFrom + 1), circle(half, d.wire), { uv: GLASSES_TILES.metal, caps: true });
    sweep(b, frames.slice(tipFrom).map((f) => ({ ...f, size: 1 })), circle(0.0015, d.wire + 2), { uv: GLASSES_TILES.tip, caps: true });
  }
}

/**
 * A nose pad on the nose's side below the bridge, its face along the skin, on an arm from the
 * rim's nasal edge.
 */
function buildPad(b: PartBuilder, at: HeadLandmarks, s: 1 | -1, flat: (x: number, y: number, z: number) => Vec3, lensX: number, lensW: number, lensY: number, lensH: number, d: Detail): void {
  const y = Math.min(at.sellion[1] - 0.009, lensY);
  const probe = toHead(at.frame, [s * 0.012, y, at.sellion[2] + 0.004]);
  const hit = at.surface.closest(probe[0], probe[1], probe[2]);
  const f = at.frame;
  const toF = (v: ArrayLike<number>): Vec3 => [v[0] * f.x[0] + v[1] * f.x[1] + v[2] * f.x[2], v[0] * f.y[0] + v[1] * f.y[1] + v[2] * f.y[2], v[0] * f.z[0] + v[1] * f.z[1] + v[2] * f.z[2]];
  const normal = normalize(toF(hit.normal));
  const point = toF([hit.point[0] - f.origin[0], hit.point[1] - f.origin[1], hit.point[2] - f.origin[2]]);
  const thickness = 0.0012;
  const centre = add(point, scale(normal, thickness + 0.0008));
  // Long along the nose's side, which leans back towards the brows.
  const long = squareTo(normal, [0, 1, -0.45]);
  const across = cross(normal, long);
  const first = b.vertexCount;
  ellipsoid(b, centre, [normal, long, across], [thickness, 0.0052, 0.0032], d.wire, d.wire * 2, GLASSES_TILES.pad);
  // The nose curves under the pad's ends: lifted until all of it rests just off the skin.
  let least = Infinity;
  for (let v = first; v < b.vertexCount; v++) least = Math.min(least, headDistance(at, b.position(v)));
  const lift = Math.max(0, 0.0004 - least);
  if (lift > 0) b.transform((p) => add(p, scale(normal, lift * 1.2)), first);
  // The arm: from the rim's nasal edge back to the pad's outer face.
  const rim = flat(s * (lensX - lensW / 2) , lensY - lensH * 0.05, 0);
  const back = add(centre, scale(normal, thickness + lift * 1.2));
  const arm = [rim, lerp3(rim, back, 0.4), add(lerp3(rim, back, 0.75), scale(normal, 0.002)), back];
  sweep(b, pathFrames(arm, [0, 1, 0]), circle(0.0005, Math.max(4, d.wire - 2)), { uv: GLASSES_TILES.metal, caps: true });
}
