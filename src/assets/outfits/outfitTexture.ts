import type { Image } from '../../core/image.js';
import { bodyTopology } from '../body/bodyTopology.js';
import { metresPerAtlasUnit } from './atlasScale.js';
import { faceCornerUvs } from './garmentSurface.js';
import { GARMENT_ZONES, type GarmentRecipe } from './garmentRecipe.js';
import { BODY_PARTS, type SurfacePlace } from './garmentSurface.js';
import { paintFabric, type FabricTexel } from './fabricPaint.js';
import { normalRows } from '../../texture/maps/normalFromHeight.js';
import { gutter } from '../../texture/filters/gutter.js';
import type { FittedOutfit } from './outfit.js';

/** An outfit's maps, in its texture's layout (each garment a quarter: the body's atlas at half size). */
export interface OutfitMaps {
  color: Image;
  normal: Image;
  roughness: Image;
  metallic: Image;
  /** Grey: 255 where `color` recolours (the cloth itself), 0 on trims, stitching, buttons, soles. */
  recoloring: Image;
}

/**
 * Paints an outfit's maps at `size`² (the outfit as fitted on any body: its UVs are the same on
 * every body). Each garment's outer triangles are rasterised into its quarter with their distance
 * to the hem and their zone, and its fabric painted per texel (fabricPaint.ts); texels between
 * islands take the fabric with no hem, so mipmaps bleed the cloth, not black, and each island's
 * texels are carried a few texels out over them (a gutter), so its own edge does not pick that up.
 */
export function paintOutfit(outfit: FittedOutfit, size: number): OutfitMaps {
  const n = size * size;
  const { mesh } = outfit;
  const uv = mesh.uvs!, idx = mesh.indices;
  const vertexHem = new Float32Array(mesh.positions.length / 3), vertexZone = new Uint8Array(mesh.positions.length / 3), vertexPlace = new Float32Array((mesh.positions.length / 3) * 4);
  // Hem and zone per outfit vertex, from its garment's own vertices.
  let start = 0;
  const starts = outfit.garments.map((g) => { const s = start; start += g.mesh.positions.length / 3; return s; });
  for (let v = 0; v < vertexHem.length; v++) {
    const g = outfit.garments[outfit.garmentOf[v]], local = outfit.sourceVertices[v] - starts[outfit.garmentOf[v]];
    vertexHem[v] = g.hem[local];
    vertexZone[v] = g.layer[local] === 2 ? RIM : g.zone[local];
    vertexPlace.set(g.place.subarray(local * 4, local * 4 + 4), v * 4);
  }
  // Texture units to metres, per garment: its cell's scale of the body's atlas.
  const perTexel = outfit.cells.map((c) => metresPerAtlasUnit() / (c.scale * size));
  const metres = Math.min(...perTexel);
  const color = new Uint8Array(n * 3), normal = new Uint8Array(n * 3), rough = new Uint8Array(n), metal = new Uint8Array(n), recoloring = new Uint8Array(n);
  // A band of rows at a time, with one row of its neighbours' above and below for the normal
  // map's slopes: what a texel is painted from (its hem, zone, place, height) takes 40 bytes,
  // 670 MB for a whole 4096² texture and 10 MB for a band.
  const BAND = 64;
  const used = new Uint8Array(n);
  for (let r0 = 0; r0 < size; r0 += BAND) {
    const r1 = Math.min(size, r0 + BAND), h0 = Math.max(0, r0 - 1), h1 = Math.min(size, r1 + 1);
    const rows = h1 - h0, m = rows * size;
    const band = { hem: new Float32Array(m).fill(1), zone: new Uint8Array(m), garment: new Uint8Array(m).fill(255), st: new Float32Array(m * 4).fill(-100), height: new Float32Array(m) };
    rasterise(outfit, size, h0, h1, band, { uv, idx, vertexHem, vertexZone, vertexPlace });
    for (let k = (r0 - h0) * size, o = r0 * size; o < r1 * size; k++, o++) used[o] = band.st[k * 4] > -99 ? 1 : 0;
    for (let y = h0; y < h1; y++) paintRow(outfit, size, y, y - h0, band, perTexel, y >= r0 && y < r1 ? { color, rough, metal, recoloring } : undefined);
    // The height is in millimetres; its relief is drawn at 1/1.2 of its true slope.
    const bandNormal = new Uint8Array(m * 3);
    normalRows(band.height, size, rows, metres * 1000, 1 / 1.2, bandNormal);
    normal.set(bandNormal.subarray((r0 - h0) * size * 3, (r1 - h0) * size * 3), r0 * size * 3);
  }
  // The wedges that meet at a pole (the toe's tip) are thin in UV at their apex: without a gutter,
  // the cloth between them shows there as a fan of lines.
  gutter([{ data: color, channels: 3 }, { data: normal, channels: 3 }, { data: rough, channels: 1 }, { data: metal, channels: 1 }, { data: recoloring, channels: 1 }],
    used, size, size, Math.max(2, Math.round(size * GUTTER)));
  return {
    color: { width: size, height: size, channels: 3, data: color },
    normal: { width: size, height: size, channels: 3, data: normal },
    roughness: { width: size, height: size, channels: 1, data: rough },
    metallic: { width: size, height: size, channels: 1, data: metal },
    recoloring: { width: size, height: size, channels: 1, data: recoloring },
  };
}

/** How far (fraction of the texture's side) each island's maps are carried into the unused texels around it. */
const GUTTER = 1 / 256;

/** What the texels of a band of rows are painted from, row by row from the band's first. */
interface PaintBand { hem: Float32Array; zone: Uint8Array; garment: Uint8Array; st: Float32Array; height: Float32Array }

/**
 * The zone of texels nearest a vertex of a garment's rim (the rolled edge at each hem): trim,
 * always. A zone of the cloth itself that is also called trim (a shoe's collar band) is painted
 * from the texel's own place like any other, so its edge runs smoothly across faces.
 */
const RIM = 255;
/** Columns (s) a triangle's corners may span before its texels' interpolated place is taken for nowhere. */
const SEAM_SPAN = 5;
/** The body part of a texel whose interpolated place is nowhere (acrossSeam). */
const NOWHERE = -1;

/**
 * Rows h0 to h1 of the outfit's triangles rasterised: per texel its garment (its cell's, also
 * between islands), its distance to the hem, its zone, and its body place.
 */
function rasterise(outfit: FittedOutfit, size: number, h0: number, h1: number, band: PaintBand, v: { uv: Float32Array; idx: Uint32Array; vertexHem: Float32Array; vertexZone: Uint8Array; vertexPlace: Float32Array }): void {
  const { hem, zone, garment, st } = band;
  const { uv, idx, vertexHem, vertexZone, vertexPlace } = v;
  outfit.cells.forEach((c, k) => {
    // Background: each cell belongs to its garment.
    const x0 = Math.floor(c.origin[0] * size), y0 = Math.floor(c.origin[1] * size);
    const x1 = Math.min(size, Math.ceil((c.origin[0] + c.size[0]) * size)), y1 = Math.min(size, Math.ceil((c.origin[1] + c.size[1]) * size));
    for (let y = Math.max(y0, h0); y < Math.min(y1, h1); y++) garment.fill(k, (y - h0) * size + x0, (y - h0) * size + x1);
  });
  // A cell's own margin, and cells no garment has, take the first garment's cloth.
  for (let i = 0; i < garment.length; i++) if (garment[i] === 255) garment[i] = 0;
  for (let f = 0; f < idx.length; f += 3) {
    const [a, b, c] = [idx[f], idx[f + 1], idx[f + 2]];
    const ax = uv[a * 2] * size, ay = uv[a * 2 + 1] * size, bx = uv[b * 2] * size, by = uv[b * 2 + 1] * size, cx = uv[c * 2] * size, cy = uv[c * 2 + 1] * size;
    const minY = Math.max(h0, Math.floor(Math.min(ay, by, cy))), maxY = Math.min(h1 - 1, Math.ceil(Math.max(ay, by, cy)));
    if (minY > maxY) continue;
    const area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (Math.abs(area) < 1e-9) continue;
    const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx))), maxX = Math.min(size - 1, Math.ceil(Math.max(ax, bx, cx)));
    // A triangle across an island's seam (a foot's columns 20 and 0 under the sole) or round the
    // point its columns meet at (the toe's tip) has corners far apart in s: a place interpolated
    // between them is nowhere on the cloth, so its texels keep their nearest corner's zone.
    const sa = vertexPlace[a * 4], sb = vertexPlace[b * 4], sc = vertexPlace[c * 4];
    const acrossSeam = Math.max(sa, sb, sc) - Math.min(sa, sb, sc) > SEAM_SPAN;
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5, py = y + 0.5;
        const w1 = ((px - ax) * (cy - ay) - (cx - ax) * (py - ay)) / area;
        const w2 = ((bx - ax) * (py - ay) - (px - ax) * (by - ay)) / area;
        const w0 = 1 - w1 - w2;
        if (w0 < -0.02 || w1 < -0.02 || w2 < -0.02) continue;
        const i = (y - h0) * size + x;
        hem[i] = Math.min(hem[i], Math.max(0, w0 * vertexHem[a] + w1 * vertexHem[b] + w2 * vertexHem[c]));
        zone[i] = vertexZone[w0 >= w1 && w0 >= w2 ? a : w1 >= w2 ? b : c];
        for (let k = 0; k < 3; k++) st[i * 4 + k] = w0 * vertexPlace[a * 4 + k] + w1 * vertexPlace[b * 4 + k] + w2 * vertexPlace[c * 4 + k];
        st[i * 4 + 3] = acrossSeam ? NOWHERE : vertexPlace[a * 4 + 3];
      }
    }
  }
}

/** Paints row `y` of the texture (row `j` of the band): its height always, its colour and maps into `out` when given. */
function paintRow(outfit: FittedOutfit, size: number, y: number, j: number, band: PaintBand, perTexel: number[], out?: { color: Uint8Array; rough: Uint8Array; metal: Uint8Array; recoloring: Uint8Array }): void {
  const { hem, zone, garment, st, height } = band;
  const texel: FabricTexel = { x: 0, y: 0, hem: 0, zone: 'main', s: 0, t: 0, edge: false, front: false };
  const place: SurfacePlace = { part: 'torso', island: -1, front: false, s: 0, t: 0 };
  const zoneAt = (recipe: GarmentRecipe, s: number, t: number) => { place.s = s; place.t = t; return recipe.paintZone!(place, texel.hem); };
  for (let x = 0; x < size; x++) {
    const i = j * size + x;
    const recipe = outfit.recipes[garment[i]];
    if (!recipe) continue;
    const m = perTexel[garment[i]];
    texel.x = x * m; texel.y = y * m; texel.hem = hem[i]; texel.zone = zone[i] === RIM ? 'trim' : GARMENT_ZONES[zone[i]]; texel.s = st[i * 4]; texel.t = st[i * 4 + 1];
    texel.edge = false;
    texel.front = st[i * 4 + 2] > 0.5;
    if (recipe.paintZone && st[i * 4] > -99 && st[i * 4 + 3] !== NOWHERE && zone[i] !== RIM) {
      // The zone at the texel's own place, so a lapel's or a pocket's outline runs smoothly across faces, and its edge is drawn.
      place.front = st[i * 4 + 2] > 0.5; place.part = BODY_PARTS[st[i * 4 + 3]] ?? 'torso';
      const z = zoneAt(recipe, texel.s, texel.t);
      texel.zone = z;
      if (z !== 'main' && z !== 'rib' && z !== 'placket') {
        const d = 0.09;
        texel.edge = zoneAt(recipe, texel.s + d, texel.t) !== z || zoneAt(recipe, texel.s - d, texel.t) !== z || zoneAt(recipe, texel.s, texel.t + d * 1.5) !== z || zoneAt(recipe, texel.s, texel.t - d * 1.5) !== z;
      }
    }
    const paint = paintFabric(recipe, texel);
    height[i] = paint.height;
    if (!out) continue;
    const o = y * size + x;
    out.color[o * 3] = paint.color[0]; out.color[o * 3 + 1] = paint.color[1]; out.color[o * 3 + 2] = paint.color[2];
    out.rough[o] = Math.round(paint.roughness * 255); out.metal[o] = Math.round(paint.metallic * 255);
    out.recoloring[o] = paint.recolor ? 255 : 0;
  }
}

/**
 * The body visibility mask of an outfit, in the avatar's texture layout (the fused atlas: the
 * head's `model` texture in the top half, the body's in the bottom half) or persona_2.0's
 * AvatarBody's own: RGBA, white, alpha 0 over the body faces the outfit hides for good
 * (hiddenFaces: those it covers, less the ring along each hem that an opening shows), 255 elsewhere.
 */
export function bodyVisibilityMask(outfit: FittedOutfit, size: number, layout: 'avatar' | 'body' = 'avatar'): Image {
  const data = new Uint8Array(size * size * 4).fill(255);
  const uvs = faceCornerUvs();
  const covered = hiddenFaces(outfit);
  // persona_2.0's AvatarBody has the body's own layout (the atlas' lower half as the whole image).
  const [v0, dv] = layout === 'body' ? [0, 1] : [0.5, 0.5];
  const faces = bodyTopology().faces;
  for (const f of covered) {
    const c = uvs[f];
    const tris = faces[f].corners.length === 4 ? [[0, 1, 2], [0, 2, 3]] : [[0, 1, 2]];
    for (const t of tris) {
      const [a, b, d] = t.map((k) => [c[k][0] * size, (v0 + c[k][1] * dv) * size]);
      const area = (b[0] - a[0]) * (d[1] - a[1]) - (d[0] - a[0]) * (b[1] - a[1]);
      if (Math.abs(area) < 1e-9) continue;
      for (let y = Math.max(0, Math.floor(Math.min(a[1], b[1], d[1]))); y <= Math.min(size - 1, Math.ceil(Math.max(a[1], b[1], d[1]))); y++) {
        for (let x = Math.max(0, Math.floor(Math.min(a[0], b[0], d[0]))); x <= Math.min(size - 1, Math.ceil(Math.max(a[0], b[0], d[0]))); x++) {
          const px = x + 0.5, py = y + 0.5;
          const w1 = ((px - a[0]) * (d[1] - a[1]) - (d[0] - a[0]) * (py - a[1])) / area;
          const w2 = ((b[0] - a[0]) * (py - a[1]) - (px - a[0]) * (b[1] - a[1])) / area;
          if (w1 < 0 || w2 < 0 || w1 + w2 > 1) continue;
          data[(y * size + x) * 4 + 3] = 0;
        }
      }
    }
  }
  return { width: size, height: size, channels: 4, data };
}

/**
 * The body faces an outfit hides for good (persona_2.0): those its garments cover, less the ring
 * of faces along each hem, which an opening (a sleeve, a collar, a trouser leg) lets the eye
 * reach under the cloth. With these removed no skin pokes through, and no hole shows.
 */
export function hiddenFaces(outfit: FittedOutfit): Set<number> {
  const topology = bodyTopology();
  const covered = new Set(outfit.garments.flatMap((g) => g.coveredFaces));
  const open = new Uint8Array(topology.vertexCount);
  topology.faces.forEach((f, i) => { if (!covered.has(i)) for (const c of f.corners) open[c.vertex] = 1; });
  return new Set([...covered].filter((i) => topology.faces[i].corners.every((c) => !open[c.vertex])));
}
