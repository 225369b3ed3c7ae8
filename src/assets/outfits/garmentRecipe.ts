import type { LegFall } from './legFall.js';
import type { SurfacePlace } from './garmentSurface.js';
import type { FabricName } from './fabrics.js';

/** A garment sample as a recipe sees it: its place on the body, its distance to the nearest hem, and the body's point and normal under it. */
export interface GarmentPoint {
  place: SurfacePlace;
  /** Metres over the garment to its nearest hem. */
  hem: number;
  position: [number, number, number];
  normal: [number, number, number];
}

/**
 * Zones a painter tells apart (GarmentRecipe.zone): the cloth, ribbed bands, a waistband, a shoe's
 * sole and its trim; then a collar, a button placket or zip, a pocket, a lapel, the shirt front
 * inside a suit jacket's V, a lining, a shoe's laces and a sandal's strap. Ids are indices: new
 * zones go at the end.
 */
export const GARMENT_ZONES = ['main', 'rib', 'band', 'sole', 'trim', 'collar', 'placket', 'pocket', 'lapel', 'inset', 'lining', 'lace', 'strap'] as const;
export type GarmentZone = (typeof GARMENT_ZONES)[number];
export const zoneId = (z: GarmentZone): number => GARMENT_ZONES.indexOf(z);

/** The slot a garment fills in an outfit; layers are worn in this order, each outside the one before where they overlap. */
export type GarmentSlot = 'bottom' | 'shoes' | 'top';

/**
 * How one garment is made: which of the body's faces it covers, how far the cloth stands off the
 * body (its ease, by place), how thick it is, how finely it is cut, and what it is made of.
 */
export interface GarmentRecipe {
  name: string;
  slot: GarmentSlot;
  covers: (place: SurfacePlace) => boolean;
  /** Metres between the body and the outer surface of the cloth. */
  ease: (at: GarmentPoint) => number;
  /** Metres between the outer and inner surfaces. */
  thickness: number;
  /** Smoothing passes over the outer shell: how much the cloth bridges the body's hollows. */
  drape: number;
  /** Optional last reshaping of an outer point (a shoe's sole). */
  shape?: (at: GarmentPoint, outer: [number, number, number], ground: number) => [number, number, number];
  zone: (at: GarmentPoint) => number;
  /**
   * Metres the outer surface is lifted along the body's normal after smoothing, so the step stays
   * crisp: a collar's fall, a lapel, a placket, a pocket's edge.
   */
  relief?: (at: GarmentPoint) => number;
  /** The zone at any place, for the painter to draw a detail's outline smoothly within a face (a lapel, a collar, a pocket). */
  paintZone?: (place: SurfacePlace, hem: number) => GarmentZone;
  /**
   * A piece of cloth lying over the garment (a hoodie's hood down on the back and round the neck):
   * a shell of its own over the places `covers` takes, `lift` metres off the garment's outer surface,
   * closed along its free edge by a rim down to that surface. It shares the garment's texture (the
   * cloth it hides is never seen), so `zone` should paint it there.
   */
  flap?: { covers: (place: SurfacePlace) => boolean; lift: (at: GarmentPoint) => number };
  /** A skirt hanging from a torso ring over both legs (a skirt, a dress, a long coat): garment.ts builds it as a tube. */
  hang?: GarmentHang;
  /** Trouser legs that fall straight from the knee rather than following the calf (legFall.ts). */
  fall?: LegFall;
  /** Painter's details: buttons down a placket, a zip, a hood's drawstrings, a crease down trouser legs. */
  details?: { buttons?: number; zip?: boolean; drawstrings?: boolean; laces?: boolean };
  /** Buttons' colour when not the accent (a suit's, whose accent is its tie). */
  buttonColor?: [number, number, number];
  /** The torso rows of the lowest and highest button. */
  buttonRows?: [number, number];
  /** A shoe's sole colour, when not the fabric's usual rubber. */
  rubber?: [number, number, number];
  /** Each covered body quad is cut into around × along quads. */
  detail: { full: [number, number]; lowpoly: [number, number] };
  fabric: FabricName;
  /** Linear-ish sRGB 0..255 of the cloth; `accent` for trims and soles. */
  color: [number, number, number];
  accent: [number, number, number];
}

/** A tube of cloth from the ring of a torso row down over the legs. */
export interface GarmentHang {
  /** The torso row the tube hangs from (the garment's covered torso rows end there). */
  fromRow: number;
  /** Where its hem is, in leg t (17 the knee, 38 the ankle). */
  toLegT: number;
  /** Metres between the legs' outline and the cloth. */
  ease: number;
  /** Metres the radius grows per metre down (an A-line's flare). */
  flare: number;
  /** Knife pleats round the ring (a pleated skirt), 0 for none. */
  pleats?: number;
  /** Metres between rings at full detail and at low-poly detail. */
  step: { full: number; lowpoly: number };
}

/** Torso rows at the landmarks (bodyTopology's TORSO_ROWS), and where limbs bend, in their islands' t. */
export const ROWS = { crotch: 0, hips: 5, waist: 15, chest: 26, armpit: 30, acromion: 34, neckBase: 41 } as const;
export const ARM_T = { elbow: 18, wrist: 36 } as const;
export const LEG_T = { knee: 17, ankle: 38, footLoop: 39 } as const;
/** Foot island columns: 10 is the top of the foot, 0 and 20 the middle of the sole. */
export const FOOT_TOP_S = 10;

export const lerp = (a: number, b: number, x: number): number => a + (b - a) * Math.min(1, Math.max(0, x));
export function smooth(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}
