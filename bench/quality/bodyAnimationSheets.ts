import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BODY_BLENDS, bodySkeleton, bodySkinWeights, bodyShapeBlendshapes, idleAnimation, meshSkinWeights, sceneJoints, solveBodyShape,
  walkAnimation, type BodyAnimation, type SolvedBody,
} from '../../src/assets/body/index.js';
import { writeGltf } from '../../src/formats/gltf/index.js';
import type { Scene } from '../../src/formats/scene.js';
import { chromiumAvailable } from '../browserView.js';
import { withStage } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';

const OUT_DIR = join('scratch', 'bodyAnim');

/** A skinned GLB of a body with its body_shape morph targets and the idle and walk clips. */
async function animatedGlb(solved: SolvedBody): Promise<{ glb: Uint8Array; walk: BodyAnimation; idle: BodyAnimation }> {
  const body = solved.body;
  const skeleton = bodySkeleton(body.proportions);
  const walk = walkAnimation(skeleton), idle = idleAnimation(skeleton);
  const scene: Scene = {
    name: 'body',
    meshes: [{
      name: 'body',
      mesh: body.mesh,
      material: { name: 'skin', baseColorFactor: [0.78, 0.6, 0.5, 1], metallic: 0, roughness: 0.65, alphaMode: 'opaque', doubleSided: false },
      morphTargets: bodyShapeBlendshapes(solved),
      skin: meshSkinWeights(bodySkinWeights(body, skeleton), body.vertexOf),
    }],
    skeleton: sceneJoints(skeleton),
    animations: [walk, idle],
  };
  const [file] = await writeGltf(scene, { binary: true });
  return { glb: file.data, walk, idle };
}

/**
 * Contact sheets of the body animations and blendshapes, rendered by three.js (AnimationMixer) in
 * Chromium from the exported GLB: 8 frames of the walk from the side (moved forward at the clip's
 * root speed, so planted feet stay put on the grid) and from the front, 4 of the idle, and every
 * body_shape pair at −1, 0 and +1; for the mean woman and the mean man. Files go to scratch/bodyAnim/.
 *
 *   npx tsc -p . && node dist/bench/quality/bodyAnimationSheets.js
 */
export async function run(): Promise<string[]> {
  await mkdir(OUT_DIR, { recursive: true });
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: body animation sheets skipped');
    return [];
  }
  const written: string[] = [];
  await withStage(async ({ add, shoot }) => {
    for (const gender of ['female', 'male'] as const) {
      const solved = solveBodyShape({ gender });
      const { glb, walk, idle } = await animatedGlb(solved);
      await writeFile(join(OUT_DIR, `${gender}.glb`), glb);
      const url = `/model/${gender}.glb`;
      add(url, glb);
      const H = solved.body.proportions.stature;
      const whole = { target: [0, H * 0.47, 0] as [number, number, number], distance: H * 2.1 };
      console.log(`${gender}: walk ${walk.duration} s, root speed ${walk.rootSpeed.toFixed(2)} m/s; idle ${idle.duration} s; GLB ${(glb.length / 1e6).toFixed(1)} MB`);

      const frames = (clip: BodyAnimation, count: number) => Array.from({ length: count }, (_, i) => (clip.duration * i) / count);
      const side: Panel[] = [], front: Panel[] = [], legs: Panel[] = [];
      for (const time of frames(walk, 8)) {
        // The side view follows the body at the root speed: a planted foot stays on one spot of the grid.
        const advance = walk.rootSpeed * time;
        side.push({ image: await shoot(url, { clip: 'walk', time, advance, yaw: 90, ...whole, target: [0, H * 0.47, advance], width: 300, height: 460 }), caption: `walk ${time.toFixed(2)} s side` });
        front.push({ image: await shoot(url, { clip: 'walk', time, yaw: 20, ...whole, width: 300, height: 460 }), caption: `walk ${time.toFixed(2)} s 3/4 front` });
        legs.push({ image: await shoot(url, { clip: 'walk', time, yaw: 90, target: [0, H * 0.2, 0], distance: H * 1.0, width: 300, height: 300 }), caption: `legs ${time.toFixed(2)} s (in place)` });
      }
      const walkFile = join(OUT_DIR, `${gender}-walk.png`);
      await writeFile(walkFile, await contactSheet([{ height: 460, panels: side }, { height: 460, panels: front }, { height: 300, panels: legs }],
        `${gender} walk: 8 frames of the ${walk.duration} s cycle (side: moved at ${walk.rootSpeed.toFixed(2)} m/s; front 3/4; legs in place)`));
      written.push(walkFile);
      // Four frames large enough to see the knees, feet, hands and the twist of the limbs.
      const large: Panel[] = [];
      for (const [i, time] of frames(walk, 4).entries()) {
        large.push({ image: await shoot(url, { clip: 'walk', time, yaw: [60, 90, 300, 270][i], ...whole, distance: H * 2.15, width: 560, height: 800 }), caption: `walk ${time.toFixed(3)} s, yaw ${[60, 90, 300, 270][i]}` });
      }
      const largeFile = join(OUT_DIR, `${gender}-walk-large.png`);
      await writeFile(largeFile, await contactSheet([{ height: 800, panels: large }], `${gender} walk: the strikes and mid-stances, close`));
      written.push(largeFile);

      const idlePanels: Panel[] = [];
      for (const time of frames(idle, 4)) idlePanels.push({ image: await shoot(url, { clip: 'idle', time, yaw: 0, ...whole, width: 320, height: 460 }), caption: `idle ${time.toFixed(1)} s front` });
      for (const time of frames(idle, 4)) idlePanels.push({ image: await shoot(url, { clip: 'idle', time, yaw: 90, ...whole, width: 320, height: 460 }), caption: `idle ${time.toFixed(1)} s side` });
      const idleFile = join(OUT_DIR, `${gender}-idle.png`);
      await writeFile(idleFile, await contactSheet([{ height: 460, panels: idlePanels.slice(0, 4) }, { height: 460, panels: idlePanels.slice(4) }], `${gender} idle: 4 frames of the ${idle.duration} s loop, front and side`));
      written.push(idleFile);

      for (const [part, blends] of [[1, BODY_BLENDS.slice(0, 4)], [2, BODY_BLENDS.slice(4)]] as const) {
        const rows: { height: number; panels: Panel[] }[] = [];
        for (const blend of blends) {
          const view = {
            Body: whole, Neck: { target: [0, H * 0.8, 0], distance: H * 0.8 }, Shoulders: { target: [0, H * 0.72, 0], distance: H * 1.2 },
            Chest: { target: [0, H * 0.68, 0], distance: H * 1.0 }, Forearms: { target: [0, H * 0.55, 0], distance: H * 1.3 },
            Waist: { target: [0, H * 0.6, 0], distance: H * 1.1 }, Hips: { target: [0, H * 0.5, 0], distance: H * 1.2 }, Legs: { target: [0, H * 0.3, 0], distance: H * 1.4 },
          }[blend] as { target: [number, number, number]; distance: number };
          const panels: Panel[] = [];
          for (const yaw of [0, 90]) {
            for (const [label, morphs] of [['−1', { [`${blend}_decrease`]: 1 }], ['0', {}], ['+1', { [`${blend}_increase`]: 1 }]] as const) {
              panels.push({ image: await shoot(url, { clip: 'idle', time: 0, morphs, yaw, ...view, width: 340, height: 420 }), caption: `${blend} ${label} ${yaw ? 'side' : 'front'}` });
            }
          }
          rows.push({ height: 420, panels });
        }
        const blendFile = join(OUT_DIR, `${gender}-blendshapes-${part}.png`);
        await writeFile(blendFile, await contactSheet(rows, `${gender} body_shape blendshapes at −1 (decrease), 0, +1 (increase), idle pose at 0 s`));
        written.push(blendFile);
      }
    }
  });
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
