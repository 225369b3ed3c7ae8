import type { SurfacePlace } from './garmentSurface.js';
import { ARM_T, FOOT_TOP_S, LEG_T, lerp, ROWS, smooth, zoneId, type GarmentPoint, type GarmentRecipe } from './garmentRecipe.js';
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
      if (place.part === 'torso') return place.t > o.hemRow && belowNeckline(place, o.neckDepth) && tankStrap(place);
      if (place.part === 'arm') return place.t < o.sleeve;
      return false;
    },
    ease: (at: GarmentPoint) => {
      const { place, hem } = at;
      const band = o.ribbed && hem < 0.05 ? -0.002 * smooth(0.05, 0.03, hem) : 0;
      if (place.part === 'torso') {
        const lower = smooth(ROWS.waist + 6, o.hemRow, place.t);
        return o.chest + o.flare * lower + band + 0.002 * smooth(0.03, 0, hem) * (place.t > ROWS.chest ? 1 : 0);
      }
      // Sleeves: loose at a short sleeve's hem, gathered inside the elbow on a long one.
      const along = place.t / Math.max(o.sleeve, 1);
      const loose = o.sleeve < 15 ? o.chest + 0.008 * along : o.chest + 0.004 * Math.sin(Math.PI * along);
      return loose + band + (o.sleeve > 20 ? bunching(place.t, ARM_T.elbow, 2.5, 0.003) + bunching(place.t, o.sleeve - 3, 2, 0.003) : 0);
    },
    thickness: o.thickness ?? 0.002,
    drape: 6,
    zone: ({ hem }) => zoneId(o.ribbed && hem < 0.05 ? 'rib' : hem < 0.012 ? 'trim' : 'main'),
    detail: o.detail,
    fabric: o.fabric,
    color: o.color,
    accent: o.accent,
  };
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
}

export function bottomRecipe(o: BottomOptions): GarmentRecipe {
  return {
    name: o.name,
    slot: 'bottom',
    covers: (place) => (place.part === 'torso' && place.t < o.waistRow) || (place.part === 'leg' && place.t < o.length),
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
}

/** How far round the foot a place is from its top: 0 on the instep, 1 at the middle of the sole. */
const soleness = (place: SurfacePlace): number => smooth(5.2, 6.8, Math.abs(place.s - FOOT_TOP_S));

export function shoeRecipe(o: ShoeOptions): GarmentRecipe {
  return {
    name: o.name,
    slot: 'shoes',
    covers: (place) => place.part === 'foot' || (place.part === 'leg' && place.t > o.collar),
    ease: ({ place, hem }) => {
      const padding = 0.003 * smooth(0.025, 0.005, hem);
      if (place.part === 'leg') return o.shaft + padding;
      return 0.005 + 0.004 * smooth(15, 21, place.t) + 0.002 * smooth(3, 0, place.t) + padding;
    },
    thickness: 0.003,
    drape: 2,
    shape: ({ place, position }, outer, ground) => {
      if (place.part !== 'foot') return outer;
      const sole = soleness(place);
      if (sole === 0) return outer;
      // The sole: a flat tread under the foot, thicker at the heel, and its edge standing out as a welt.
      const thick = lerp(o.sole, o.sole * 0.7, place.t / 22);
      const low = smooth(ground + 0.05, ground + 0.01, position[1]);
      const y = lerp(outer[1], ground - thick, sole * low);
      const welt = 0.004 * sole * low;
      const dx = outer[0] - position[0], dz = outer[2] - position[2];
      const l = Math.hypot(dx, dz) || 1;
      return [outer[0] + (dx / l) * welt, y, outer[2] + (dz / l) * welt];
    },
    zone: ({ place, hem }) => zoneId(place.part === 'foot' && soleness(place) > 0.3 ? 'sole' : hem < 0.02 ? 'trim' : place.part === 'foot' && place.t > 17 ? 'band' : 'main'),
    detail: o.detail,
    fabric: o.fabric,
    color: o.color,
    accent: o.accent,
  };
}
