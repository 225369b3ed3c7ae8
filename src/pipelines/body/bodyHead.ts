import type { HairMode } from '../pipeline.js';

/** The head model every body_0.3 head is made from: head_2.0's head/mobile, the spec's `head` template (a module of its own, light enough for the registry). */
export const BODY_HEAD_MODEL = 'head_2.0 head/mobile';

/**
 * What the full-body pipelines (body_0.3, persona_2.0) share: a bald head/mobile head (haircuts,
 * the generated one too, come through export parameters) joined to the parametric body, every file a head avatar has, and the
 * head's bake inside a 4096² atlas (pipelines/body/bodyAvatar.ts).
 */
export const FULL_BODY = {
  headModel: () => BODY_HEAD_MODEL,
  // The hair the photo shows becomes a haircut of its own (body_0.3's predicted haircut,
  // persona_2.0's HaircutGenerated), exported only when asked for: the head stays bald.
  hairMode: (): HairMode => 'separate',
  mayHaveGeneratedHaircut: () => true,
  makes: ['analysis', 'masks', 'mesh', 'textures', 'preview', 'haircuts', 'blendshapes', 'modifications'],
  textureSize: { width: 4096, height: 2048 },
  haircutPrediction: null,
  maxYaw: null,
  undetectedLandmarks: [],
} as const;
