import type { SurfacePlace } from './garmentSurface.js';
import { BODY_RINGS } from '../body/bodyTopology.js';
import { FOOT_TIP_RISE, footColumnRise } from '../body/bodyLegs.js';
import { ARM_T, FOOT_TOP_S, LEG_T, lerp, ROWS, smooth, zoneId, type GarmentPoint, type GarmentRecipe, type GarmentZone } from './garmentRecipe.js';
import type { FabricName } from './fabrics.js';

/**
 * The garments outfits are made of, as recipes over the body's surface (garment.ts builds them on
 * any body). Eases are chosen so that layers keep their order where they overlap: a top's hem
 * stands outside the bottom's waistband, and a shoe's collar outside the trouser's hem.
 */

type Rgb = [number, number, number];

/** The torso's neckline: lower in front (a crew neck's scoop), at the base of the neck behind. */
function belowNeckline(place: SurfacePlace, depth: number): boolean {
  const scoop = place.front ? depth * Math.exp(-(((place.s - 8) / 4.2) ** 2)) : 0;
  return place.t < ROWS.neckBase - 1 - scoop;
}

/** Soft rings of bunched cloth: where a sleeve or a trouser leg gathers (inside the elbow, behind the knee, over the shoe). */
function bunching(t: number, centre: number, width: number, depth: number, period = 1.6): number {
  const envelope = Math.exp(-(((t - centre) / width) ** 2));
  return depth * envelope * (0.5 + 0.5 * Math.sin((t / period) * 2 * Math.PI));
}

/** The front's middle column (torso front island), where plackets, zips and lapels meet. */
const FRONT_MIDDLE = 8;

/**
 * A top's collar: `shirt` a collar standing round the neck and falling over it, open at the
 * throat (a shirt); `polo` the same in rib knit; `band` a ribbed stand all round (a zip jacket);
 * `hood` a hood lying down on the back and round a drawstring neckline, a flap of its own (a hoodie).
 */
export type CollarStyle = 'shirt' | 'polo' | 'band' | 'hood';

export interface TopOptions {
  name: string;
  /** Arm t where the sleeve ends: 0 for none (a tank top), 9 short, 35 long. */
  sleeve: number;
  /** Torso row of the hem. */
  hemRow: number;
  /** Extra ease at the hem (a loose tee) over its chest ease. */
  flare: number;
  chest: number;
  /** Ribbed collar, cuffs and hem band (a sweater), or a plain turned hem (a tee). */
  ribbed: boolean;
  neckDepth: number;
  fabric: FabricName;
  color: Rgb;
  accent: Rgb;
  detail: GarmentRecipe['detail'];
  thickness?: number;
  collar?: CollarStyle;
  /** A button placket from the hem (`rows` 0) or that many rows down from the neck (a polo), or a zip. */
  placket?: { rows: number; buttons: number } | 'zip';
  /** A jacket's V: lapels down to torso row `to`, with a shirt and tie inside it. */
  lapels?: { to: number };
  /** A kangaroo pocket on the front. */
  pocket?: boolean;
  /** A long coat's or a dress's skirt below the hem. */
  hang?: GarmentRecipe['hang'];
}

/** The torso row where a top's neckline is at a place: lower in front by the scoop. */
function necklineRow(place: SurfacePlace, depth: number): number {
  const scoop = place.front ? depth * Math.exp(-(((place.s - FRONT_MIDDLE) / 4.2) ** 2)) : 0;
  return ROWS.neckBase - 1 - scoop;
}

/** How far inside a V opening (lapels reaching torso row `to`) a front place is: > 0 inside. */
function insideV(place: SurfacePlace, to: number): number {
  if (!place.front || place.part !== 'torso' || place.t < to) return -9;
  const half = 0.2 + 3.4 * smooth(to, ROWS.neckBase, place.t);
  return half - Math.abs(place.s - FRONT_MIDDLE);
}

/** The hood's lowest back row above the spine, and its half width (columns) across the shoulders. */
const HOOD = { tip: 14.5, half: 6.2 } as const;

/**
 * Where a hood lying down covers the top: on the back a shield from the neckline to a rounded
 * point between the shoulder blades, as wide as the shoulders at the top; round the neck, its
 * opening's rolled edge, meeting at the throat (front columns within `open` of the middle stay bare).
 */
function underHood(place: SurfacePlace, neckDepth: number): boolean {
  if (place.part !== 'torso') return false;
  const top = necklineRow(place, neckDepth);
  if (place.front) return place.t > top - 2 && Math.abs(place.s - FRONT_MIDDLE) > 0.9;
  if (place.t > top - 3) return true;
  const u = Math.abs(place.s - FRONT_MIDDLE) / HOOD.half;
  return u < 1 && place.t > top - HOOD.tip * (1 - u * u) ** 0.7;
}

/** How far the hood stands off the hoodie: its folded crown thickest behind the neck, thinning to its edges. */
function hoodLift({ place }: GarmentPoint, neckDepth: number): number {
  const top = necklineRow(place, neckDepth);
  if (place.front) return 0.007;
  const across = Math.exp(-(((place.s - FRONT_MIDDLE) / 4.5) ** 2));
  const down = smooth(top - HOOD.tip, top - HOOD.tip + 9, place.t);
  return 0.005 + 0.016 * across * down + 0.004 * smooth(top - 4, top, place.t);
}

export function topRecipe(o: TopOptions): GarmentRecipe {
  const tankStrap = (place: SurfacePlace) => {
    // A tank top's arm hole: open below the acromion row, except a strap over the shoulder.
    if (o.sleeve > 0 || place.part !== 'torso') return true;
    // The arm hole curves up from the side seam to a strap over the shoulder.
    const side = Math.min(Math.abs(place.s - 0), Math.abs(place.s - 16));
    return side > 4.8 * smooth(ROWS.armpit - 7, ROWS.armpit, place.t);
  };
  return {
    name: o.name,
    slot: 'top',
    covers: (place) => {
      if (place.part === 'torso') {
        if (place.t <= o.hemRow || !tankStrap(place)) return false;
        if (o.collar === 'shirt' || o.collar === 'polo') {
          // The collar stands round the neck behind and at the sides, open at the throat.
          const open = place.front ? Math.exp(-(((place.s - FRONT_MIDDLE) / 2.2) ** 2)) : 0;
          return place.t < ROWS.neckBase + 1.6 - (2.6 + o.neckDepth) * open;
        }
        if (o.collar === 'band') return place.t < ROWS.neckBase + 1.5;
        return belowNeckline(place, o.neckDepth);
      }
      if (place.part === 'arm') return place.t < o.sleeve;
      return false;
    },
    ease: (at: GarmentPoint) => {
      const { place, hem } = at;
      const band = o.ribbed && hem < 0.05 ? -0.002 * smooth(0.05, 0.03, hem) : 0;
      if (place.part === 'torso') {
        const lower = smooth(ROWS.waist + 6, o.hemRow, place.t);
        // A stand collar hugs the neck: a loose coat's ease, lifted off the hollow of the throat,
        // would fold over itself there.
        const chest = o.collar === 'band' ? lerp(o.chest, Math.min(o.chest, 0.01), smooth(ROWS.neckBase - 8, ROWS.neckBase - 3, place.t)) : o.chest;
        return chest + o.flare * lower + band + 0.002 * smooth(0.03, 0, hem) * (place.t > ROWS.chest ? 1 : 0);
      }
      // Sleeves: loose at a short sleeve's hem, gathered inside the elbow on a long one.
      const along = place.t / Math.max(o.sleeve, 1);
      const loose = o.sleeve < 15 ? o.chest + 0.008 * along : o.chest + 0.004 * Math.sin(Math.PI * along);
      return loose + band + (o.sleeve > 20 ? bunching(place.t, ARM_T.elbow, 2.5, 0.003) + bunching(place.t, o.sleeve - 3, 2, 0.003) : 0);
    },
    thickness: o.thickness ?? 0.002,
    drape: 6,
    zone: (at) => zoneId(topZone(o, at)),
    paintZone: (place, hem) => topZone(o, { place, hem, position: [0, 0, 0], normal: [0, 0, 0] }),
    relief: (at) => topRelief(o, at),
    hang: o.hang,
    flap: o.collar === 'hood' ? { covers: (place) => underHood(place, o.neckDepth), lift: (at) => hoodLift(at, o.neckDepth) } : undefined,
    buttonColor: o.lapels ? [24, 24, 26] : undefined,
    buttonRows: o.placket && o.placket !== 'zip'
      ? o.lapels ? [o.hemRow + 3, o.lapels.to - 1.2] : o.placket.rows ? [ROWS.neckBase - o.placket.rows + 0.3, ROWS.neckBase - 2.3] : [o.hemRow + 2.5, ROWS.neckBase - 2.3]
      : undefined,
    details: {
      buttons: o.placket && o.placket !== 'zip' ? o.placket.buttons : undefined,
      zip: o.placket === 'zip',
      drawstrings: o.collar === 'hood',
    },
    detail: o.detail,
    fabric: o.fabric,
    color: o.color,
    accent: o.accent,
  };
}

/** The rows of a collar's fall over the shoulders, under its top edge. */
const COLLAR_FALL = 2.6;

function topZone(o: TopOptions, { place, hem }: GarmentPoint): GarmentZone {
  if (place.part === 'torso') {
    if (o.lapels) {
      const v = insideV(place, o.lapels.to);
      if (v > 0) return 'inset';
      // The lapel: a band along the V's edge, narrowing to its point at the V's foot.
      if (v > -(0.5 + 1.6 * smooth(o.lapels.to, o.lapels.to + 6, place.t)) && place.t > o.lapels.to - 0.3) return 'lapel';
    }
    if ((o.collar === 'shirt' || o.collar === 'polo') && place.t > necklineRow(place, o.neckDepth) - COLLAR_FALL) return 'collar';
    if (o.collar === 'band' && place.t > ROWS.neckBase - 1.5) return 'rib';
    if (o.collar === 'hood' && underHood(place, o.neckDepth)) {
      // The hood's centre seam, from its crown to its point: a thread of plain cloth the painter outlines.
      const seam = !place.front && Math.abs(place.s - FRONT_MIDDLE) < 0.04 && place.t < necklineRow(place, o.neckDepth) - 2;
      return seam ? 'main' : 'collar';
    }
    if (o.placket && place.front && Math.abs(place.s - FRONT_MIDDLE) < 0.45) {
      const from = o.placket === 'zip' || o.placket.rows === 0 ? o.hemRow : ROWS.neckBase - 1 - o.placket.rows;
      if (place.t > from) return 'placket';
      // A coat's skirt (its tube takes the places of the ring it hangs from): the front opens on
      // down to the hem; stopped at the ring, the placket ended at the hips as a dress's would.
      if (o.hang && from === o.hemRow && Math.abs(place.t - o.hang.fromRow) < 1e-3) return 'placket';
    }
    if (o.pocket && place.front && Math.abs(place.s - FRONT_MIDDLE) < 3.2 - 0.08 * (place.t - o.hemRow) && place.t > o.hemRow + 1.5 && place.t < o.hemRow + 10) return 'pocket';
  }
  if (o.ribbed && hem < 0.05) return 'rib';
  return hem < 0.012 ? 'trim' : 'main';
}

/** Steps a top's details stand out by: a collar's fall and a lapel over the body of the garment, a placket and a pocket. */
function topRelief(o: TopOptions, at: GarmentPoint): number {
  const zone = topZone(o, at);
  const { place } = at;
  switch (zone) {
    case 'collar': {
      // A hood is a flap of its own (underHood), over the cloth left flat beneath it.
      if (o.collar === 'hood') return 0;
      // A shirt's stand rises off the neck; its fall lies over the shoulders.
      return 0.0035 + 0.004 * smooth(ROWS.neckBase - 1, ROWS.neckBase + 1.6, place.t);
    }
    case 'lapel': return 0.005;
    case 'inset': return -0.003;
    case 'placket': return 0.0012;
    case 'pocket': return 0.0025;
    default: return 0;
  }
}

export interface BottomOptions {
  name: string;
  /** Torso row of the waistband's top edge. */
  waistRow: number;
  /** Leg t of the hem: 12 shorts, 37.9 full length. */
  length: number;
  /** Ease at the thigh, the knee and the hem. */
  thigh: number;
  knee: number;
  hemEase: number;
  /** Ribbed cuffs at the ankle (joggers). */
  cuffs: boolean;
  fabric: FabricName;
  color: Rgb;
  accent: Rgb;
  detail: GarmentRecipe['detail'];
  thickness?: number;
  /** A skirt: the tube hanging from this torso row instead of legs (`length` is then unused). */
  hang?: GarmentRecipe['hang'];
  /** Legs that fall straight from the knee (trousers, straight jeans) rather than following the calf. */
  fall?: GarmentRecipe['fall'];
}

export function bottomRecipe(o: BottomOptions): GarmentRecipe {
  return {
    name: o.name,
    slot: 'bottom',
    hang: o.hang,
    fall: o.fall,
    covers: (place) => (o.hang
      ? place.part === 'torso' && place.t < o.waistRow && place.t > o.hang.fromRow
      : (place.part === 'torso' && place.t < o.waistRow) || (place.part === 'leg' && place.t < o.length)),
    ease: ({ place, hem }) => {
      if (place.part === 'torso') return 0.006 + 0.0025 * smooth(0.045, 0.035, hem) * smooth(ROWS.hips, ROWS.hips + 3, place.t);
      const t = place.t;
      let e = t < LEG_T.knee ? lerp(o.thigh, o.knee, t / LEG_T.knee) : lerp(o.knee, o.hemEase, (t - LEG_T.knee) / (o.length - LEG_T.knee));
      if (o.cuffs) e -= 0.002 * smooth(0.06, 0.04, hem) * smooth(LEG_T.knee, o.length, t);
      if (o.length > 30) e += bunching(t, o.length - 4, 2.5, 0.003) + bunching(t, LEG_T.knee + 1, 1.5, 0.0015);
      return e;
    },
    thickness: o.thickness ?? 0.0025,
    drape: 8,
    zone: ({ place, hem }) => zoneId(place.part === 'torso' && hem < 0.04 && place.t > ROWS.hips ? 'band' : o.cuffs && hem < 0.05 && place.t > 20 ? 'rib' : hem < 0.012 ? 'trim' : 'main'),
    detail: o.detail,
    fabric: o.fabric,
    color: o.color,
    accent: o.accent,
  };
}

export interface ShoeOptions {
  name: string;
  /** Leg t where the shoe's collar is: 36.5 a low sneaker, 27 a boot. */
  collar: number;
  sole: number;
  /** Ease of the shaft over a trouser leg. */
  shaft: number;
  fabric: FabricName;
  color: Rgb;
  accent: Rgb;
  detail: GarmentRecipe['detail'];
  /** Laces over the instep (sneakers, derbies). */
  laces?: boolean;
  /** A sandal: the sole, and straps across the toes and the instep, the foot bare between them. */
  sandal?: boolean;
  /** The sole's rubber: gum-dark or off-white; leather shoes default to dark. */
  rubber?: Rgb;
}

/** Where the fans meet the foot's first and last rings (their tips are at t 0 and one past the last). */
const HEEL_RING_T = 0.5, TOE_RING_T = BODY_RINGS.footRows - 0.5;

/**
 * A place of the foot as its column and how far it is from a fan's tip towards the ring (1 off the
 * fans). The heel's and the toe's tip are one body vertex each, where the foot's columns meet in a
 * fan of wedges; the tip's corner of wedge k has s k + ½, so a place's own s on a wedge is its
 * column pulled towards the wedge's middle. Undone here, a point on the edge two wedges share has
 * one column from either side.
 */
function footColumn(place: SurfacePlace): { column: number; along: number } {
  const along = place.t < HEEL_RING_T ? Math.max(0, place.t) / HEEL_RING_T : place.t > TOE_RING_T ? 1 - Math.min(1, place.t - TOE_RING_T) : 1;
  if (along === 1) return { column: place.s, along };
  const middle = Math.floor(place.s) + 0.5;
  return { column: middle + Math.max(-0.5, Math.min(0.5, (place.s - middle) / Math.max(along, 1e-6))), along };
}

/** The sole's share of a column of the foot: 1 low on its section, 0 from a third of its height up. */
const soleness = (column: number): number => smooth(SOLE_RISE[0], SOLE_RISE[1], footColumnRise(column));
const SOLE_RISE = [0.35, 0.12] as const;
/**
 * Where a shoe's sole is painted to: this much of the sole, and the height on the section it is at
 * (smoothstep's inverse).
 */
const SOLE_EDGE = 0.3;
const SOLE_EDGE_RISE = SOLE_RISE[0] + (SOLE_RISE[1] - SOLE_RISE[0]) * (0.5 - Math.sin(Math.asin(1 - 2 * SOLE_EDGE) / 3));

/**
 * The sole by column, on the fans too: a fan's wedge is one column's from its ring to the tip, so
 * the sole's edge there runs straight to the tip, and the tip (shoeRecipe's shape) is put at the
 * edge's height. The fans are a few texels tall in the body's atlas; an edge drawn across them by
 * height is lost to the texture's filtering, and came out as teeth of the upper down the heel.
 */
const isSole = (place: SurfacePlace): boolean => place.part === 'foot' && soleness(footColumn(place).column) > SOLE_EDGE;

/** A shoe's zone at a place `hem` metres from its collar: sole, laces, the collar band (trim), the toe cap (band). */
function shoeZone(o: ShoeOptions, place: SurfacePlace, hem: number): GarmentZone {
  if (isSole(place)) return 'sole';
  if (o.sandal) return 'strap';
  if (o.laces && place.part === 'foot' && Math.abs(place.s - FOOT_TOP_S) < 1.6 && place.t > 9 && place.t < 16.5) return 'lace';
  if (hem < 0.02) return 'trim';
  return place.part === 'foot' && place.t > 17 ? 'band' : 'main';
}

export function shoeRecipe(o: ShoeOptions): GarmentRecipe {
  return {
    name: o.name,
    slot: 'shoes',
    covers: (place) => {
      if (!o.sandal) return place.part === 'foot' || (place.part === 'leg' && place.t > o.collar);
      if (place.part !== 'foot') return false;
      // The sole, and two straps: across the toes' roots and over the instep. The heel's back (its
      // fan) is left bare: the sole's edge is below its tip, so the sole could not wrap it.
      return (soleness(footColumn(place).column) > 0.6 && place.t > HEEL_RING_T) || (place.t > 15.2 && place.t < 17.2) || (place.t > 9 && place.t < 11);
    },
    ease: ({ place, hem }) => {
      const padding = 0.003 * smooth(0.025, 0.005, hem);
      if (place.part === 'leg') return o.shaft + padding;
      return 0.005 + 0.004 * smooth(15, 21, place.t) + 0.002 * smooth(3, 0, place.t) + padding;
    },
    thickness: 0.003,
    drape: 2,
    shape: ({ place, position }, outer, ground) => {
      if (place.part !== 'foot') return outer;
      const { column, along } = footColumn(place);
      const thick = lerp(o.sole, o.sole * 0.7, place.t / BODY_RINGS.footRows);
      // The sole: a flat tread under the foot, thicker at the heel. A point of the cloth at body
      // height y, this much of the sole, is pulled down to it (and not from high on the foot).
      const lift = outer[1] - position[1];
      const tread = (y: number, sole: number): number => lerp(y + lift, ground - thick, sole * smooth(ground + 0.05, ground + 0.01, y));
      const sole = soleness(column) * along;
      let y = tread(position[1], sole);
      // (A sandal's toe is bare over its sole: the tip stays where the foot's is, or it would cut it.)
      if (along < 1 && !o.sandal) {
        // On a fan, the cloth is kept straight from its ring to the tip, as the wedges are, and the
        // tip is put at the sole's edge, where its ring's sole is painted to, so the edge runs
        // level round the heel and the toe. Heights on the foot's section there, from this point's.
        const tip = place.t < HEEL_RING_T ? FOOT_TIP_RISE.heel : FOOT_TIP_RISE.toe;
        const section = (position[1] - ground) / Math.max(0.05, lerp(tip, footColumnRise(column), along));
        // The edge at half its pull: the ring's cloth runs straight between its points, which the
        // sole pulls down unevenly across its side, so its painted edge stands above its own pull.
        const edge = tread(ground + SOLE_EDGE_RISE * section, SOLE_EDGE / 2);
        y = lerp(edge, tread(ground + footColumnRise(column) * section, soleness(column)), along);
      }
      // The sole's edge stands out as a welt.
      const welt = 0.004 * sole * smooth(ground + 0.05, ground + 0.01, position[1]);
      if (welt === 0) return [outer[0], y, outer[2]];
      const dx = outer[0] - position[0], dz = outer[2] - position[2];
      const l = Math.hypot(dx, dz) || 1;
      return [outer[0] + (dx / l) * welt, y, outer[2] + (dz / l) * welt];
    },
    zone: ({ place, hem }) => zoneId(shoeZone(o, place, hem)),
    // Per texel too: the toe cap's and the collar band's outlines run smoothly, not along the faces.
    paintZone: (place, hem) => shoeZone(o, place, hem),
    details: { laces: o.laces },
    rubber: o.rubber,
    detail: o.detail,
    fabric: o.fabric,
    color: o.color,
    accent: o.accent,
  };
}
