import type { PipelineName } from '../pipelines.js';
import type { Plan } from '../plans.js';
import type { Size } from '../values.js';
import type { ExportFormat } from './formats.js';
import type { ResolvedPersona } from './personaResolve.js';

/** Options of one part after inheritance (top level → category), fully resolved, no nulls but where documented. */
export interface ExportPartOptions {
  format: ExportFormat;
  /** Stored inside the avatar file rather than as separate files; always false for formats without sub-meshes. */
  embed: boolean;
  /** Images inside the file; false for gltf, which always writes textures as separate files. */
  embedTextures: boolean;
  /** Vertices only: no faces, no UVs. */
  pointclouds: boolean;
  /** The spec's Size `{width, height}`, as in the computation catalogue. null: the source size; never upscales (the builder clamps). */
  textureSize: Size | null;
  /** 0 is the most detailed. */
  lod: number;
  /** Additional texture identities that apply to this part; the ones that do not were skipped. Never `model`, which is always exported. */
  additionalTextures: string[];
}

export interface ResolvedExport {
  avatar: ExportPartOptions & { template: string };
  /**
   * `list` holds at most one haircut identity. `color` recolours it, as [red, green, blue] in
   * 0..255 (the request gives a Color `{red, green, blue}`); null keeps its colour.
   */
  haircuts: ExportPartOptions & { list: string[]; color: [number, number, number] | null };
  /**
   * `list` holds set names (`mobile_51`) and single blendshapes, always qualified `set/name`.
   * `values` deforms the avatar: set → blendshape → factor; null when nothing deforms.
   */
  blendshapes: ExportPartOptions & { list: string[]; values: Record<string, Record<string, number>> | null };
  /** `list` holds at most one outfit identity. */
  outfits: ExportPartOptions & { list: string[] };
  makePublic: boolean;
  /** persona_2.0's own options (personaResolve.ts); the fields above then carry what they can. */
  persona?: ResolvedPersona;
}

export interface ExportContext {
  pipeline: PipelineName;
  subtype: string;
  plan: Plan;
  /** Haircut identities this avatar can export (generated when it has one, plus the library sets its plan allows). */
  haircuts: readonly string[];
  /** Blendshape sets the pipeline offers, with their blendshape names. */
  blendshapeSets: Readonly<Record<string, readonly string[]>>;
  /** Texture identities the avatar has or can have (model + additional textures). */
  textures: readonly string[];
  /** Number of LODs of the avatar (lod must be < this). */
  lods: number;
  /** Outfit identities this avatar can wear. Absent: none (there is no outfit library yet). */
  outfits?: readonly string[];
  /** persona_2.0: each outfit section's own items (`outfits`: the persona set of full outfits; `outfits_top`, …). */
  outfitSections?: Readonly<Record<string, readonly string[]>>;
}
