/**
 * avatarState, the JSON text model_exported hands the host and show_avatar takes back: the blends,
 * the look (haircut, items, colours), the body's clip and the face demo playing, and the viewer's
 * lighting. Pure.
 */
import { readBlends } from './blends.js';
import { DEFAULT_LIGHTING, readLighting } from './lighting.js';
import { emptyLook, lookState, readLook } from './look.js';

/**
 * 3 added `lighting` and `makeup`, and later `facialAnimation` (a face demo playing over the body's
 * clip; a version 3 state without it wrote a face demo as its `animation`, which reads as the face
 * demo with the body still). Versions 1 (no look) and 2 read as they were, lit by the studio preset,
 * with no makeup.
 */
export const STATE_VERSION = 3;

export function encodeAvatarState({ values, look, animation, facialAnimation = null, lighting = DEFAULT_LIGHTING }) {
  return JSON.stringify({ version: STATE_VERSION, blends: values, ...lookState(look), animation: animation ?? null, facialAnimation: facialAnimation ?? null, lighting });
}

const isFaceDemo = (name) => typeof name === 'string' && name.startsWith('FaceDemo_');

/**
 * Checks what can be checked without the avatar (JSON, blends, animation); `look(available)` then
 * checks the items against the sets of the avatar's gender. Version 1 (no items, no colours) reads too.
 */
export function readAvatarState(text) {
  if (text === undefined || text === null || text === '') return { blends: {}, animation: null, facialAnimation: null, lighting: DEFAULT_LIGHTING, look: () => emptyLook() };
  let state;
  try {
    state = typeof text === 'string' ? JSON.parse(text) : text;
  } catch {
    throw new Error('avatarState is not JSON: pass the avatarState of model_exported as it came');
  }
  if (!state || typeof state !== 'object' || Array.isArray(state)) throw new Error('avatarState must be a JSON object');
  if (state.version !== undefined && ![1, 2, STATE_VERSION].includes(state.version)) throw new Error(`avatarState.version ${JSON.stringify(state.version)} is not one this creator wrote (1 to ${STATE_VERSION})`);
  const blends = readBlends(Object.entries(state.blends ?? {}).map(([name, value]) => ({ name, value })));
  if (state.animation != null && typeof state.animation !== 'string') throw new Error('avatarState.animation must be an animation name or null');
  if (state.facialAnimation != null && !isFaceDemo(state.facialAnimation)) throw new Error(`avatarState.facialAnimation must be a face demo (FaceDemo_001 to FaceDemo_005) or null, got ${JSON.stringify(state.facialAnimation)}`);
  // Fail early on what needs no catalogue (bad colours, the conflict rule); the sets come later.
  readLook(state, null);
  const lighting = readLighting(state.lighting);
  const [animation, facialAnimation] = isFaceDemo(state.animation) ? [null, state.animation] : [state.animation ?? null, state.facialAnimation ?? null];
  return { blends, animation, facialAnimation, lighting, look: (available) => readLook(state, available) };
}
