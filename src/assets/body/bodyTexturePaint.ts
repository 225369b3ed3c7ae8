import type { Vec3 } from './bodyProportions.js';
import type { BodyLandmarks } from './bodyTextureFeatures.js';
import { F } from './bodyTextureFeatures.js';
import { bodyNoise, type Noise3 } from './bodyTextureNoise.js';

/** A texel's paint: linear RGB, height above the skin in metres (for the normal map), roughness. */
export interface TexelPaint {
  r: number; g: number; b: number;
  height: number;
  roughness: number;
  /** What the texel is, for tests and masks: 0 skin, 1 palm or sole, 2 nail, 3 underwear. */
  kind: number;
}

/** What a painter needs, fixed per texture. */
export interface PaintSettings {
  tone: [number, number, number];
  underwear: [number, number, number];
  gender: 'female' | 'male';
  /** Underwear painted at all. */
  clothed: boolean;
  seed: number;
  roughness: { skin: number; palm: number; nail: number; fabric: number };
}

const smooth = (e0: number, e1: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};
const mix = (a: number, b: number, t: number): number => a + (b - a) * t;
// Math.hypot is several times slower than a square root in V8's hot loops.
const len2 = (a: number, b: number): number => Math.sqrt(a * a + b * b);
const len3 = (a: number, b: number, c: number): number => Math.sqrt(a * a + b * b + c * c);
export const toLinear = (c: number): number => { const s = c / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
const SRGB = Uint8Array.from({ length: 4097 }, (_, i) => {
  const c = i / 4096;
  return Math.round(255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055));
});
/** Linear 0…1 to an sRGB byte, through a table (fine enough for 8 bits above the darkest shades). */
export const toSrgb = (l: number): number => SRGB[Math.round(Math.min(1, Math.max(0, l)) * 4096)];

/**
 * The painter of one body: a function of a texel's interpolated features (bodyTextureFeatures.ts)
 * that says its colour, height and roughness. Everything is measured in metres on the body from its
 * landmarks, so the painting follows the body's shape and runs across UV seams.
 */
export function bodyPainter(l: BodyLandmarks, s: PaintSettings): (f: Float32Array, grain: number, out: TexelPaint) => void {
  const noise: Noise3 = bodyNoise(s.seed);
  const detail = bodyNoise(s.seed + 101);
  const [tr, tg, tb] = s.tone;
  // Palms and soles have little melanin: much lighter on dark skin, hardly on light skin.
  const palm: Vec3 = [mix(tr, toLinear(236), 0.42), mix(tg, toLinear(190), 0.42), mix(tb, toLinear(172), 0.42)];
  const nail: Vec3 = [mix(tr, toLinear(228), 0.42), mix(tg, toLinear(176), 0.42), mix(tb, toLinear(168), 0.42)];
  const nailTip: Vec3 = [toLinear(232), toLinear(222), toLinear(208)];
  const fabric = s.underwear;
  const band: Vec3 = [fabric[0] * 0.42, fabric[1] * 0.42, fabric[2] * 0.45];
  const female = s.gender === 'female';
  const y = l.y;
  const k = l.stature / 1.7;

  // Briefs: a waistband below the navel, leg openings cut up towards the hips.
  const waistband = y.hips + (female ? 0.33 : 0.3) * (y.waist - y.hips);
  const opening = {
    outer: waistband - (female ? 0.055 : 0.085) * k,
    front: y.crotch + (female ? 0.035 : 0.02) * k,
    inner: y.crotch - 0.012 * k,
    back: y.crotch + (female ? 0.0 : -0.015) * k,
  };
  const o0 = (opening.outer + opening.inner + opening.front + opening.back) / 4;
  const o1 = (opening.outer - opening.inner) / 2, o2 = (opening.front - opening.back) / 2;
  const o3 = (opening.outer + opening.inner - opening.front - opening.back) / 4;
  const openingAt = (cosPhi: number, sinPhi: number): number => o0 + o1 * cosPhi + o2 * sinPhi + o3 * (cosPhi * cosPhi - sinPhi * sinPhi);

  // Bra: band under the breasts, triangular cups, straps over the shoulders.
  const apex = l.apex;
  const bandFront = apex[1] - 0.075 * k, bandBack = apex[1] - 0.045 * k;
  const bandWidth = 0.02 * k;
  const strapX = apex[0] + 0.004;
  const cupTopY = apex[1] + 0.075 * k;
  const goreX = 0.012 * k, goreTopY = apex[1] - 0.03 * k;
  const cupOuterX = apex[0] + 0.8 * (l.chestHalfWidth - apex[0]);

  const digitLength = (d: Vec3[]): number => dist(d[0], d[1]) + dist(d[1], d[2]) + dist(d[2], d[3]);
  const fingerScale = digitLength(l.digits[2]) / 0.085;

  const st = { r: 0, g: 0, b: 0, height: 0, roughness: 0, kind: 0, lum: 1 };
  const bra = { inside: 0, edge: 0, band: 0, ribs: 0 };

  return (f, grain, out) => {
    const x = f[F.x], py = f[F.y], z = f[F.z];
    let nx = f[F.nx], ny = f[F.ny], nz = f[F.nz];
    const nl = len3(nx, ny, nz) || 1;
    nx /= nl; ny /= nl; nz /= nl;
    const ax = Math.abs(x);
    const trunk = f[F.trunk], hand = f[F.hand], foot = f[F.foot];

    // Skin: broad mottling (a few cm), a finer blotchiness, and grain at the texel scale.
    const m1 = f[F.mottle], m2 = f[F.blotch];
    st.lum = 1 + 0.15 * m1 + 0.08 * m2 + 0.045 * grain;
    let red = 1 + 0.06 * m1 - 0.05 * m2;
    st.r = tr; st.g = tg; st.b = tb;
    st.height = 0.00004 * grain;
    st.roughness = s.roughness.skin + 0.04 * m2;
    st.kind = 0;

    // Warmer, redder extremities, knees and elbows, where the skin is thinner or more used.
    let warm = 0;
    let dark = 0;
    // Palms and soles.
    const palmar = hand * smooth(0.05, 0.55, -ny) * smooth(l.wrist[0] - 0.005 * k, l.wrist[0] + 0.03 * k, ax) + foot * smooth(0.3, 0.8, -ny) * smooth(0.03 * k, 0.012 * k, py);
    if (palmar > 0) {
      st.r = mix(st.r, palm[0], palmar); st.g = mix(st.g, palm[1], palmar); st.b = mix(st.b, palm[2], palmar);
      st.roughness = mix(st.roughness, s.roughness.palm, palmar);
      if (palmar > 0.5) st.kind = 1;
      // Palm lines: a fine network of shallow creases.
      const lines = Math.abs(detail.at(x * 260 + 1.7, py * 260, z * 260 * 0.6));
      st.height -= palmar * 0.00012 * smooth(0.06, 0, lines);
    }

    // Knuckles and finger joints: darker, creased across the finger, on the back of the hand.
    if (hand > 0) {
      const dorsal = smooth(-0.1, 0.5, ny);
      for (let d = 0; d < l.digits.length; d++) {
        const joints = l.digits[d];
        for (let j = 0; j < 3; j++) {
          const c = joints[j];
          const dx = ax - c[0], dy = py - c[1], dz = z - c[2];
          const r2 = dx * dx + dy * dy + dz * dz;
          const radius = (j === 0 ? 0.011 : 0.008) * fingerScale;
          if (r2 > radius * radius * 9) continue;
          const e = joints[j + 1];
          const ux = e[0] - c[0], uy = e[1] - c[1], uz = e[2] - c[2];
          const ul = len3(ux, uy, uz) || 1;
          // Along the finger from the joint, and off its axis: the skin over a joint is a band.
          const t = (dx * ux + dy * uy + dz * uz) / ul;
          const off2 = Math.max(0, r2 - t * t);
          const band = (j === 0 ? 0.016 : 0.011) * fingerScale;
          const spot = Math.exp(-((t / (radius * 1.2)) ** 2)) * (off2 < band * band ? 1 : 0);
          dark = Math.max(dark, spot * dorsal * (j === 0 ? 1.0 : 1.5));
          if (j > 0) {
            const crease = Math.cos((2 * Math.PI * (t - 0.002)) / (0.0032 * fingerScale));
            st.height -= 0.00018 * dorsal * spot * Math.max(0, crease) ** 3;
            dark += 0.5 * dorsal * spot * Math.max(0, crease) ** 3;
            // The palm side's flexion crease: one deep line.
            st.height -= 0.00025 * smooth(0.2, 0.6, -ny) * Math.exp(-(((t + 0.003 * fingerScale) / 0.0012) ** 2)) * (off2 < band * band ? 1 : 0);
          }
        }
      }
      warm = Math.max(warm, 0.5 * f[F.digit] * smooth(0.7, 1, f[F.along]));
    }

    // Elbows (the back of the arm) and knees (the front of the leg).
    {
      const e = l.elbow;
      const d = len3(ax - e[0], py - e[1], z - e[2]);
      const back = smooth(0.0, 0.6, -nz);
      const spot = Math.exp(-((d / (0.04 * k)) ** 2)) * back * (1 - hand);
      if (spot > 0.01) {
        dark = Math.max(dark, 1.0 * spot);
        st.roughness += 0.06 * spot;
        st.height -= 0.0003 * spot * Math.max(0, Math.cos((2 * Math.PI * (ax - e[0])) / 0.007)) ** 4;
      }
      const kn = l.knee;
      const dk = len3(ax - kn[0], (py - kn[1]) * 0.8, z - kn[2]);
      const frontK = smooth(0.1, 0.7, nz);
      const knee = Math.exp(-((dk / (0.055 * k)) ** 2)) * frontK * trunk;
      if (knee > 0.01) {
        dark = Math.max(dark, 0.9 * knee);
        warm = Math.max(warm, 0.3 * knee);
        st.roughness += 0.04 * knee;
        // Loose skin above the kneecap: a few soft folds.
        const above = smooth(0.0, 0.02, py - kn[1] - 0.01) * smooth(0.07 * k, 0.03 * k, py - kn[1]);
        st.height -= 0.00012 * knee * above * Math.max(0, Math.cos((2 * Math.PI * (py - kn[1])) / 0.008)) ** 3;
      }
    }

    // Feet: heels and toes warmer; toes set apart by grooves; toenails.
    if (foot > 0) {
      warm = Math.max(warm, foot * 0.5 * smooth(0.06, 0.01, py) * (1 - smooth(0.3, 0.8, -ny)));
      const toes = l.toes, width = toes.outer - toes.inner;
      const lat = (ax - toes.inner) / width;
      const end = l.toeEnd(ax);
      const fromEnd = end - z;
      // Big toe 30 %, the others 17.5 % each.
      const splits = [0.3, 0.475, 0.65, 0.825];
      if (fromEnd < 0.04 * k && lat > -0.05 && lat < 1.05) {
        for (const sp of splits) {
          const gap = Math.abs(lat - sp) * width;
          const groove = Math.exp(-((gap / 0.0018) ** 2)) * smooth(0.035 * k, 0.015 * k, fromEnd) * (1 - smooth(0.3, 0.9, -ny));
          st.height -= 0.0012 * groove;
          dark = Math.max(dark, 1.5 * groove);
        }
        const bounds = [0, ...splits, 1];
        for (let t = 0; t < 5; t++) {
          const c = (bounds[t] + bounds[t + 1]) / 2;
          const halfWidth = ((bounds[t + 1] - bounds[t]) * width) * (t === 0 ? 0.32 : 0.26);
          const length = (t === 0 ? 0.011 : 0.0058 - 0.0004 * t) * k;
          const zEnd = l.toeEnd(toes.inner + c * width);
          const u = (ax - (toes.inner + c * width)) / halfWidth;
          const v = ((zEnd - 0.0055 * k - z) / length) * 2 - 1;
          const shape = Math.abs(u) ** 2.5 + Math.abs(v) ** 3;
          const inside = smooth(1.15, 0.85, shape) * smooth(0.3, 0.55, ny);
          if (inside > 0) paintNail(inside, v, shape, grain);
        }
      }
    }

    // Fingernails on the back of each digit's last phalanx.
    if (f[F.digit] > 0.5) {
      const ca = f[F.cos], sa = f[F.sin];
      const len = len2(ca, sa);
      if (len > 0.2) {
        const angle = Math.atan2(sa / len, ca / len);
        const u = angle / 0.95;
        const v = ((f[F.along] - 0.775) / 0.2) * 2 - 1;
        const shape = Math.abs(u) ** 2.5 + Math.abs(Math.min(v, 1.2)) ** 3 * (v < 0 ? 1 : 0.6);
        const inside = smooth(1.15, 0.85, shape) * (v < 1.05 ? 1 : 0);
        if (inside > 0) paintNail(inside, v, shape, grain);
      }
    }

    // Areolae where no bra covers them; a navel.
    if (trunk > 0) {
      if (!(s.clothed && female)) {
        const d = len3(ax - apex[0], py - apex[1], z - apex[2]);
        const areola = smooth(0.0145 * k, 0.0115 * k, d) * smooth(0.2, 0.6, nz);
        const nipple = smooth(0.0045 * k, 0.003 * k, d) * smooth(0.2, 0.6, nz);
        st.r *= 1 - 0.25 * areola - 0.1 * nipple; st.g *= 1 - 0.38 * areola - 0.15 * nipple; st.b *= 1 - 0.36 * areola - 0.15 * nipple;
        st.height += 0.0006 * nipple + 0.0001 * areola * grain;
      }
      const nv = l.navel;
      const dn = len3(ax / 0.006, (py - nv[1]) / 0.009, (z - nv[2]) / 0.02) / k;
      if (dn < 1.6) {
        const hole = smooth(1.2, 0.5, dn);
        dark = Math.max(dark, 1.4 * hole);
        st.height -= 0.0025 * hole;
      }
    }

    // Where sun reaches more (the top of the arms, shoulders, the back of the neck, shins) the skin
    // is a little darker and warmer; where it hides (under the arms, the inner thighs) a little paler.
    const arm = Math.max(0, 1 - trunk - hand - foot);
    const shoulders = trunk * smooth(y.chest, y.acromion, py) * (0.6 * ny - 0.25 * nz);
    const legs = trunk * smooth(y.crotch - 0.05, y.crotch - 0.2, py) * (0.5 * nz - 0.4 * Math.abs(nx) * (x * nx < 0 ? 1 : 0));
    const exposure = arm * ny + shoulders + legs;
    st.lum *= (1 - 0.06 * exposure) * (1 - 0.14 * f[F.occlusion]);
    warm += 0.3 * Math.max(0, exposure);

    // Shade: darker and warmer where set above.
    const darkness = 0.13 * Math.min(1.7, dark);
    st.r *= (1 - darkness * 0.8) * (1 + 0.05 * warm) * red;
    st.g *= (1 - darkness) * (1 - 0.04 * warm);
    st.b *= (1 - darkness) * (1 - 0.05 * warm) * (2 - red);
    st.r *= st.lum; st.g *= st.lum; st.b *= st.lum;

    // Underwear over everything on the trunk.
    if (s.clothed && trunk > 0.5) {
      const tx = ax - l.thigh[0], tz = z - l.thigh[1];
      const tl = len2(tx, tz) || 1;
      const lower = openingAt(tx / tl, tz / tl);
      const zc = l.torsoCentreZ(py);
      const theta = Math.atan2(ax, z - zc);
      const top = waistband - 0.008 * k * Math.cos(theta);
      // Distance inside the briefs (m): positive inside, from whichever edge is nearer.
      const fromTop = top - py, fromLeg = py - lower;
      let inside = Math.min(fromTop, fromLeg);
      let edge = fromTop < fromLeg ? TOP : HEM;
      let bandDepth = edge === TOP ? fromTop : fromLeg;
      let bandSize = edge === TOP ? 0.022 * k : 0.007 * k;
      let ribs = (theta * 0.14) / 0.0045;
      if (female) {
        braDistance(ax, py, z, theta);
        if (bra.inside > inside) {
          inside = bra.inside; edge = bra.edge; bandDepth = bra.inside; bandSize = bra.band;
          ribs = bra.ribs;
        }
      }
      const cover = smooth(-0.0006, 0.0006, inside);
      if (cover > 0) {
        const isBand = smooth(bandSize + 0.0006, bandSize - 0.0006, bandDepth);
        const heather = detail.fbm(x * 900, py * 1300, z * 900, 2);
        const weave = 1 + 0.05 * heather + 0.03 * noise.fbm(x * 120, py * 120, z * 120, 2);
        // The elastic band: ribbed; the body of the fabric: a knit's soft grain.
        const rib = Math.cos(2 * Math.PI * ribs);
        let fr = mix(fabric[0], band[0], isBand) * weave, fg = mix(fabric[1], band[1], isBand) * weave, fb = mix(fabric[2], band[2], isBand) * weave;
        // Stitches: a dashed line just inside the band (or the hem), slightly darker and sunk.
        const stitchAt = edge === TOP || edge === BAND ? bandSize + 0.002 : bandSize + 0.0025;
        const along = (x * 0.7 + z * 0.7 + py) / 0.003;
        const dash = smooth(0.2, 0.5, Math.sin(along * 2 * Math.PI) * 0.5 + 0.5);
        const stitch = Math.exp(-(((bandDepth - stitchAt) / 0.0005) ** 2)) * dash;
        fr *= 1 - 0.18 * stitch; fg *= 1 - 0.18 * stitch; fb *= 1 - 0.18 * stitch;
        // Soft shading where the fabric folds at its edge.
        const roll = smooth(0.0, 0.003, bandDepth);
        fr *= 0.85 + 0.15 * roll; fg *= 0.85 + 0.15 * roll; fb *= 0.85 + 0.15 * roll;
        st.r = mix(st.r, fr, cover); st.g = mix(st.g, fg, cover); st.b = mix(st.b, fb, cover);
        st.height = mix(st.height, 0.0007 * roll + 0.00012 * heather + isBand * 0.00015 * rib - 0.0002 * stitch, cover);
        st.roughness = mix(st.roughness, s.roughness.fabric - 0.08 * isBand, cover);
        if (cover > 0.5) st.kind = 3;
      } else if (inside > -0.004) {
        // The skin just outside an elastic edge is pressed a little: a faint shadow.
        const press = smooth(-0.004, 0, inside) * 0.1;
        st.r *= 1 - press; st.g *= 1 - press * 1.1; st.b *= 1 - press * 1.1;
        st.height -= 0.0002 * press * 10 * smooth(-0.002, 0, inside);
      }
    }

    out.r = st.r; out.g = st.g; out.b = st.b;
    out.height = st.height;
    out.roughness = Math.min(1, Math.max(0, st.roughness));
    out.kind = st.kind;
  };

  /** A nail: pink bed, a paler half-moon at its base, a white free edge, a cuticle rim. */
  function paintNail(inside: number, v: number, shape: number, grain: number): void {
    const lunula = smooth(-0.55, -0.8, v);
    const tip = smooth(0.78, 0.9, v) * 0.85;
    let nr = mix(nail[0], nail[0] * 1.25 + 0.05, lunula), ng = mix(nail[1], nail[1] * 1.25 + 0.05, lunula), nb = mix(nail[2], nail[2] * 1.25 + 0.05, lunula);
    nr = mix(nr, nailTip[0], tip); ng = mix(ng, nailTip[1], tip); nb = mix(nb, nailTip[2], tip);
    const rim = Math.exp(-(((shape - 1) / 0.12) ** 2)) * (v < 0.5 ? 1 : 0.3);
    st.r = mix(st.r, nr, inside) * (1 - 0.25 * rim);
    st.g = mix(st.g, ng, inside) * (1 - 0.3 * rim);
    st.b = mix(st.b, nb, inside) * (1 - 0.3 * rim);
    st.height += 0.0003 * inside - 0.00025 * rim;
    st.roughness = mix(st.roughness, s.roughness.nail, inside);
    if (inside > 0.5) st.kind = 2;
    st.lum = mix(st.lum, 1 + 0.01 * grain, inside);
  }

  /** How far inside the bra a point is (m), which edge is nearer, its band's size and rib phase: into `bra`. */
  function braDistance(ax: number, py: number, z: number, theta: number): void {
    const frontness = Math.cos(theta);
    const frontHalf = frontness > 0;
    // Band around the chest: lower at the front.
    const bandBottom = mix(bandBack, bandFront, (frontness + 1) / 2);
    bra.inside = Math.min(py - bandBottom, bandBottom + bandWidth - py);
    bra.edge = BAND; bra.band = bandWidth / 2; bra.ribs = (theta * 0.14) / 0.0045;
    // Cups: above the band on the front, under a neckline from the gore up to the strap, and inside
    // an outer line from the strap down to the band at the side.
    if (frontHalf) {
      const t = Math.min(1, Math.max(0, (ax - goreX) / (strapX - goreX)));
      const neck = mix(goreTopY, cupTopY, t * t * (3 - 2 * t) * 0.6 + t * 0.4);
      const outerT = Math.min(1, Math.max(0, (py - bandBottom) / (cupTopY - bandBottom)));
      const outerX = mix(cupOuterX, strapX + 0.004, outerT ** 1.4);
      const cup = Math.min(neck - py, outerX - ax, ax - (py > bandBottom + bandWidth ? goreX : -1), py - bandBottom);
      if (cup > bra.inside) { bra.inside = cup; bra.edge = CUP; bra.band = 0.004 * k; bra.ribs = 0; }
    }
    // Straps: from the cup's top over the shoulder and down the back to the band.
    const strapTop = frontHalf ? cupTopY - 0.004 : bandBottom + bandWidth - 0.004;
    const strapCentre = frontHalf ? strapX + 0.002 : strapX + 0.012 * k;
    const strap = Math.min(0.0065 * k - Math.abs(ax - strapCentre), py - strapTop);
    if (strap > bra.inside) { bra.inside = strap; bra.edge = STRAP; bra.band = 0.0065 * k; bra.ribs = 0; }
  }
}

/** Which edge of the underwear is nearest. */
const TOP = 0, HEM = 1, BAND = 2, CUP = 3, STRAP = 4;

const dist = (a: Vec3, b: Vec3): number => len3(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
