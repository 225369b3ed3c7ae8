import type { Mesh } from '../../core/mesh.js';
import type { BraceletRecipe, RingRecipe, WatchRecipe } from '../../library/accessories/accessoryLibrary.js';
import type { TextureRegion } from './accessoryTexture.js';
import { curbLinks } from './curbLinks.js';
import { JEWEL_TILES } from './jewelTiles.js';
import { handDorsal, limbSection, type HandBody, type LimbSection } from './limbSection.js';
import { add, cross, dot, length, normalize, scale, sub, PartBuilder, type UvRect, type Vec3 } from './partBuilder.js';
import { prongSetting } from './setting.js';
import { ellipsoid } from './shapes.js';
import { circle, pathFrames, roundedRect, sweep } from './sweep.js';

/** A hand accessory on one body, in the body's frame, and the one joint it rides on. */
export interface FittedHandAccessory {
  mesh: Mesh;
  joint: string;
  /**
   * The least distance, across the limb's axis, between the item and the limb under it (the
   * section's reach in the item's direction), over the item's vertices within the band: > 0 is clear.
   */
  clearance: number;
}

/** Where each part of a watch goes in its texture. */
export const WATCH_TILES: Record<'metal' | 'dial' | 'strap', UvRect> = {
  metal: [0.01, 0.01, 0.49, 0.49],
  dial: [0.51, 0.01, 0.99, 0.49],
  strap: [0.01, 0.51, 0.99, 0.99],
};

export function watchRegions(recipe: WatchRecipe): TextureRegion[] {
  return [
    { rect: WATCH_TILES.metal, finish: recipe.metal, size: [0.03, 0.03] },
    { rect: WATCH_TILES.dial, finish: recipe.dial, size: [recipe.size * 0.82, recipe.size * 0.82] },
    { rect: WATCH_TILES.strap, finish: recipe.strap, size: [0.18, 0.09] },
  ];
}

/** How far the watch sits up the forearm from the wrist joint, and the bracelet: metres. */
const WATCH_FROM_WRIST = 0.024;
const BRACELET_FROM_WRIST = 0.012;
/** A strap's and a band's room over the skin: snug, but not in it. */
const STRAP_ROOM = 0.0015;

/** A point on the section's loop `r` beyond the limb's reach: the path a strap or a chain follows. */
function loop(section: LimbSection, beyond: (a: number) => number, count: number, along = 0): Vec3[] {
  return Array.from({ length: count }, (_, k) => {
    const a = (2 * Math.PI * k) / count;
    return section.at(a, section.reach(a) + beyond(a), along);
  });
}

/** The clearance of a built part over the limb (see {@link FittedHandAccessory.clearance}). */
function clearanceOver(section: LimbSection, mesh: Mesh, halfWidth: number): number {
  let least = Infinity;
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    const d = sub([p[i], p[i + 1], p[i + 2]], section.centre);
    if (Math.abs(dot(d, section.axis)) > halfWidth) continue;
    const x = dot(d, section.u), y = dot(d, section.v);
    least = Math.min(least, Math.hypot(x, y) - section.reach(Math.atan2(y, x)));
  }
  return least;
}

/** The forearm's section `fromWrist` metres above the wrist joint of `side`. */
function wristSection(body: HandBody, side: 'Left' | 'Right', fromWrist: number, halfWidth: number): LimbSection {
  const elbow = body.joint(`${side}ForeArm`), wrist = body.joint(`${side}Hand`);
  const t = 1 - fromWrist / length(sub(wrist, elbow));
  return limbSection(body.mesh, elbow, wrist, t, halfWidth, 0.07, handDorsal(body, side));
}

/** A closed outline round `n` (a case, a dial): `points` × radius, a circle or a cushion (a superellipse). */
function outline(shape: WatchRecipe['shape'], radius: number, count: number): [number, number][] {
  const e = shape === 'cushion' ? 4 : 2;
  return Array.from({ length: count }, (_, k) => {
    const a = (2 * Math.PI * k) / count, c = Math.cos(a), s = Math.sin(a);
    const r = radius / Math.pow(Math.abs(c) ** e + Math.abs(s) ** e, 1 / e);
    return [r * c, r * s];
  });
}

/**
 * A wristwatch on the left wrist, 2.4 cm above the joint, its face on the back of the wrist: a
 * strap round the wrist's own outline (leather or rubber in one piece, metal as links), the case
 * (a round or cushion middle with a polished bezel, lugs and a crown at three o'clock, towards the
 * hand) and the dial (painted: batons, minute track, hands at ten past ten). It rides the forearm.
 */
export function fitWatch(recipe: WatchRecipe, body: HandBody, lod: 1 | 2 = 1): FittedHandAccessory {
  const b = new PartBuilder();
  const half = recipe.strapWidth / 2;
  const section = wristSection(body, 'Left', WATCH_FROM_WRIST, half + 0.004);
  const thick = recipe.strap.kind === 'metal' ? 0.0032 : 0.0024;
  const count = lod === 1 ? 96 : 48;
  const path = loop(section, () => STRAP_ROOM + thick / 2, count);
  const profile = roundedRect(thick, recipe.strapWidth, thick * 0.45, lod === 1 ? 3 : 1);
  if (recipe.strap.kind === 'metal') {
    // Links: short pieces with a gap between, each capped, so the bracelet reads as links.
    const per = lod === 1 ? 4 : 3;
    for (let k = 0; k + per <= count; k += per) {
      const piece = path.slice(k, k + per);
      sweep(b, pathFrames(piece, section.axis), profile, { uv: WATCH_TILES.strap, caps: true });
    }
  } else {
    sweep(b, pathFrames(path, section.axis, true), profile, { closed: true, uv: WATCH_TILES.strap });
  }
  // The case stands on the strap over the back of the wrist.
  const n = section.u, right = section.axis, up = normalize(cross(n, right));
  const base = section.at(0, section.reach(0) + STRAP_ROOM + thick * 0.8);
  const R = recipe.size / 2, height = recipe.size * 0.26, seg = lod === 1 ? 48 : 24;
  const local = (x: number, y: number, z: number): Vec3 => add(base, add(scale(right, x), add(scale(up, y), scale(n, z))));
  const caseLine = outline(recipe.shape, R * 0.93, seg);
  // The middle and bezel: a ring swept round the outline, its profile a rounded block whose top is the bezel.
  const ring = caseLine.map(([x, y]) => local(x, y, height / 2));
  const wall = R * 0.22;
  sweep(b, pathFrames(ring, n, true), roundedRect(wall, height, wall * 0.35, lod === 1 ? 3 : 1), { closed: true, uv: WATCH_TILES.metal });
  // The caseback under it, against the strap.
  fan(b, caseLine.map(([x, y]) => local(x, y, 0.0002)), local(0, 0, 0.0002), null, WATCH_TILES.metal, true);
  // The dial, a little below the bezel's top, UVs so that twelve is the tile's top.
  const dialR = R * 0.93 - wall / 2;
  const dialLine = outline(recipe.shape, dialR, seg);
  const d = WATCH_TILES.dial, dialSide = recipe.size * 0.82 / 2;
  const uvOf = (x: number, y: number): [number, number] => [d[0] + (d[2] - d[0]) * (x / dialSide + 1) / 2, d[1] + (d[3] - d[1]) * (1 - (y / dialSide + 1) / 2)];
  fan(b, dialLine.map(([x, y]) => local(x, y, height * 0.82)), local(0, 0, height * 0.82), dialLine.map(([x, y]) => uvOf(x, y)), d, false, uvOf(0, 0));
  // Lugs: two pairs reaching along the strap from twelve and six.
  for (const s of [1, -1]) {
    for (const x of [-half * 0.82, half * 0.82]) {
      const from = local(x, s * R * 0.8, height * 0.45), to = local(x, s * (R + 0.0045), height * 0.25);
      sweep(b, pathFrames([from, to], n), roundedRect(0.0022, 0.003, 0.0008, 1), { uv: WATCH_TILES.metal, caps: true });
    }
  }
  // The crown at three o'clock.
  const crownAt = local(R * 0.93 + wall * 0.4, 0, height * 0.5);
  sweep(b, pathFrames([crownAt, add(crownAt, scale(right, 0.0032))], n), circle(0.0019, lod === 1 ? 10 : 6), { uv: WATCH_TILES.metal, caps: true });
  const mesh = b.mesh();
  return { mesh, joint: 'LeftForeArm', clearance: clearanceOver(section, mesh, half + 0.004) };
}

/** A flat polygon from `centre` to `rim` (counter-clockwise round `rim` seen from outside unless `flip`). */
function fan(b: PartBuilder, rim: readonly Vec3[], centre: Vec3, uvs: readonly [number, number][] | null, rect: UvRect, flip: boolean, centreUv?: [number, number]): void {
  const mid: [number, number] = centreUv ?? [(rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2];
  const c = b.vertex(centre, mid[0], mid[1]);
  const first = b.vertexCount;
  rim.forEach((p, k) => b.vertex(p, uvs ? uvs[k][0] : mid[0], uvs ? uvs[k][1] : mid[1]));
  for (let k = 0; k < rim.length; k++) {
    const a = first + k, z = first + ((k + 1) % rim.length);
    if (flip) b.triangle(c, z, a); else b.triangle(c, a, z);
  }
}

/**
 * A bracelet on the right wrist, 1.2 cm above the joint: a bangle (a round wire, rigid and loose,
 * so it keeps a smooth oval 4 mm off the wrist), a curb chain of real links, or a strand of beads.
 * It rides the forearm.
 */
export function fitBracelet(recipe: BraceletRecipe, body: HandBody, lod: 1 | 2 = 1): FittedHandAccessory {
  const b = new PartBuilder();
  const reachOut = recipe.style === 'chain' ? recipe.size * 0.53 : recipe.size / 2;
  const halfWidth = reachOut + 0.003;
  const section = wristSection(body, 'Right', BRACELET_FROM_WRIST, halfWidth);
  if (recipe.style === 'bangle') {
    // Rigid: the outline's radius smoothed over ±40°, never nearer the skin than 2.5 mm.
    const count = lod === 1 ? 72 : 36;
    const raw = Array.from({ length: count }, (_, k) => section.reach((2 * Math.PI * k) / count));
    const span = Math.round(count / 9);
    const radii = raw.map((_, k) => {
      let s = 0;
      for (let j = -span; j <= span; j++) s += raw[(k + j + count) % count];
      return Math.max(s / (2 * span + 1) + 0.004, raw[k] + 0.0025) + recipe.size / 2;
    });
    const points = radii.map((r, k) => section.at((2 * Math.PI * k) / count, r));
    sweep(b, pathFrames(points, section.axis, true), circle(recipe.size / 2, lod === 1 ? 12 : 6), { closed: true, uv: JEWEL_TILES.metal });
  } else {
    const pitch = recipe.style === 'chain' ? recipe.size * 0.78 : recipe.size * 1.04;
    const room = STRAP_ROOM + reachOut + (recipe.style === 'chain' ? 0.001 : 0);
    // As many links or beads as fill the loop at their pitch.
    const probe = loop(section, () => room, 180);
    let around = 0;
    for (let k = 0; k < probe.length; k++) around += length(sub(probe[(k + 1) % probe.length], probe[k]));
    const count = Math.max(8, Math.round(around / pitch));
    const points = loop(section, () => room, count);
    if (recipe.style === 'chain') {
      curbLinks(b, points, () => section.axis, (i) => normalize(sub(points[i], section.centre)), recipe.size, lod);
    } else {
      for (let i = 0; i < count; i++) {
        const t = normalize(sub(points[(i + 1) % count], points[(i - 1 + count) % count]));
        const out = normalize(cross(t, section.axis));
        ellipsoid(b, points[i], [t, out, cross(t, out)], [recipe.size / 2, recipe.size / 2, recipe.size / 2], lod === 1 ? 8 : 5, lod === 1 ? 12 : 7, JEWEL_TILES.stone);
      }
    }
  }
  const mesh = b.mesh();
  return { mesh, joint: 'RightForeArm', clearance: clearanceOver(section, mesh, halfWidth) };
}

/**
 * A ring on the left ring finger, 40 % along its first phalanx: a band of the finger's own outline
 * (vertices nearer the middle or little finger than this one's bone are left out), with a
 * solitaire's stone in four prongs or a signet's oval face on the back of the finger. It rides
 * the finger's first joint.
 */
export function fitRing(recipe: RingRecipe, body: HandBody, lod: 1 | 2 = 1): FittedHandAccessory {
  const b = new PartBuilder();
  const from = body.joint('LeftHandRing1'), to = body.joint('LeftHandRing2');
  const neighbours = (['Middle', 'Pinky'] as const).map((f) => [body.joint(`LeftHand${f}1`), body.joint(`LeftHand${f}2`)] as const);
  const own = (p: Vec3) => {
    const mine = segmentDistance(p, from, to);
    return neighbours.every(([a, c]) => segmentDistance(p, a, c) > mine);
  };
  const halfWidth = recipe.width / 2 + 0.001;
  const section = limbSection(body.mesh, from, to, 0.4, halfWidth, 0.014, handDorsal(body, 'Left'), own);
  const thick = recipe.style === 'band' ? 0.0017 : 0.0014;
  const count = lod === 1 ? 48 : 24;
  const path = loop(section, () => 0.0004 + thick / 2, count);
  sweep(b, pathFrames(path, section.axis, true), roundedRect(thick, recipe.width, thick * 0.48, lod === 1 ? 3 : 1), { closed: true, uv: JEWEL_TILES.metal });
  const top = section.at(0, section.reach(0) + 0.0004 + thick);
  const n = section.u, fwd = section.axis, up = normalize(cross(n, fwd));
  if (recipe.style === 'solitaire') {
    prongSetting(b, top, { normal: n, up, fwd }, 0.0028, lod === 1 ? 12 : 6);
  } else if (recipe.style === 'signet') {
    // An oval face standing on the band, its top flat.
    ellipsoid(b, add(top, scale(n, 0.0006)), [n, fwd, up], [0.0014, 0.0052, 0.0068], lod === 1 ? 6 : 3, lod === 1 ? 20 : 10, JEWEL_TILES.metal);
  }
  const mesh = b.mesh();
  return { mesh, joint: 'LeftHandRing1', clearance: clearanceOver(section, mesh, halfWidth) };
}

function segmentDistance(p: Vec3, a: Vec3, c: Vec3): number {
  const ac = sub(c, a), t = Math.max(0, Math.min(1, dot(sub(p, a), ac) / dot(ac, ac)));
  return length(sub(p, add(a, scale(ac, t))));
}
