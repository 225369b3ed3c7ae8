import type { Mesh } from '../../core/mesh.js';
import type { SceneJoint, SceneSkin } from '../../formats/scene.js';
import type { PersonaTattooPlacement } from '../catalogue/index.js';

/**
 * Where each `avatar.tattoos` placement is on AvatarBody's Color map. The body's UV layout is the
 * same for every avatar of a gender and level, but rather than hard-code texel boxes we find each
 * placement from the skinning: the triangles whose every vertex follows the placement's bone most,
 * narrowed by side (the skeleton's +x is the avatar's left, +z its front). Those triangles are then
 * rasterised into a texel mask, so a tattoo never spills across a UV seam onto another part.
 */
const PLACES: Readonly<Record<PersonaTattooPlacement, { joints: readonly string[]; keep?: (x: number, z: number, mid: { x: number; z: number }) => boolean }>> = {
  left_forearm: { joints: ['LeftForeArm'] },
  right_forearm: { joints: ['RightForeArm'] },
  left_upper_arm: { joints: ['LeftArm'] },
  right_upper_arm: { joints: ['RightArm'] },
  chest_left: { joints: ['Spine2', 'Spine1'], keep: (x, z, mid) => z > mid.z && x > mid.x },
  upper_back: { joints: ['Spine2', 'Spine1'], keep: (_x, z, mid) => z < mid.z },
  left_calf: { joints: ['LeftLeg'], keep: (_x, z, mid) => z < mid.z },
  right_calf: { joints: ['RightLeg'], keep: (_x, z, mid) => z < mid.z },
};

export function tattooPlacementMask(mesh: Mesh, skin: SceneSkin, joints: readonly SceneJoint[], placement: PersonaTattooPlacement, width: number, height: number): Uint8Array {
  const place = PLACES[placement];
  // The chest and back span two spine joints: with one, the skin each leads alone is a narrow band.
  const wanted = new Set(place.joints.map((name) => joints.findIndex((j) => j.name === name)).filter((i) => i >= 0));
  const mask = new Uint8Array(width * height);
  const uvs = mesh.uvs;
  if (!wanted.size || !uvs) return mask;
  const count = mesh.positions.length / 3;
  const follows = new Uint8Array(count);
  let sx = 0, sz = 0, n = 0;
  for (let v = 0; v < count; v++) {
    let best = 0, bestWeight = -1;
    for (let k = 0; k < 4; k++) if (skin.weights[v * 4 + k] > bestWeight) { bestWeight = skin.weights[v * 4 + k]; best = skin.joints[v * 4 + k]; }
    if (!wanted.has(best)) continue;
    follows[v] = 1;
    sx += mesh.positions[v * 3]; sz += mesh.positions[v * 3 + 2]; n++;
  }
  if (!n) return mask;
  const mid = { x: sx / n, z: sz / n };
  const { indices, positions } = mesh;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (!follows[a] || !follows[b] || !follows[c]) continue;
    if (place.keep) {
      const x = (positions[a * 3] + positions[b * 3] + positions[c * 3]) / 3, z = (positions[a * 3 + 2] + positions[b * 3 + 2] + positions[c * 3 + 2]) / 3;
      if (!place.keep(x, z, mid)) continue;
    }
    fillTriangle(mask, width, height, [uvs[a * 2] * width, uvs[a * 2 + 1] * height, uvs[b * 2] * width, uvs[b * 2 + 1] * height, uvs[c * 2] * width, uvs[c * 2 + 1] * height]);
  }
  return largestIsland(mask, width, height);
}

function fillTriangle(mask: Uint8Array, width: number, height: number, [ax, ay, bx, by, cx, cy]: number[]): void {
  const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx))), x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)));
  const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
  const area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
  if (!area) return;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5, py = y + 0.5;
      const w0 = ((bx - px) * (cy - py) - (cx - px) * (by - py)) / area;
      const w1 = ((cx - px) * (ay - py) - (ax - px) * (cy - py)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 >= 0 && w1 >= 0 && w2 >= 0) mask[y * width + x] = 1;
    }
  }
}

/** A bone's skin may lie on several UV islands; the design goes on the biggest, so it is not cut by a seam. */
function largestIsland(mask: Uint8Array, width: number, height: number): Uint8Array {
  const label = new Int32Array(mask.length);
  let best = 0, bestSize = 0, next = 0;
  const stack: number[] = [];
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || label[s]) continue;
    next++;
    let size = 0;
    label[s] = next; stack.push(s);
    while (stack.length) {
      const i = stack.pop()!; size++;
      const x = i % width, y = (i / width) | 0;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
        if (j >= 0 && mask[j] && !label[j]) { label[j] = next; stack.push(j); }
      }
    }
    if (size > bestSize) { bestSize = size; best = next; }
  }
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (label[i] === best && best) out[i] = 1;
  return out;
}
