import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { headTemplate } from '../src/assets/index.js';
import {
  accessoryMaps, fitBracelet, fitEarrings, fitGlasses, fitHat, fitNecklace, fitRing, fitWatch, headDistance, headLandmarks, insideBody, toFrame, toHead, type HeadLandmarks,
} from '../src/assets/accessories/index.js';
import { ACCESSORIES, accessorySet } from '../src/library/accessories/accessoryLibrary.js';
import { avatarBody } from '../src/pipelines/body/avatarBody.js';
import { partTextures } from '../src/pipelines/exports/personaTextures.js';
import type { Mesh } from '../src/core/mesh.js';

/** The head every persona avatar is fitted from, and the same head 8 % broader and 8 % narrower. */
const template = headTemplate('head_2.0 head/mobile');
const scaled = (k: number): Mesh => ({ ...template.mesh, normals: undefined, positions: template.mesh.positions.map((v, i) => (i % 3 === 0 ? v * k : v)) });
const HEADS = [{ name: 'template', mesh: template.mesh }, { name: 'broad', mesh: scaled(1.08) }, { name: 'narrow', mesh: scaled(0.92) }];
const at = (mesh: Mesh) => headLandmarks(mesh, template);
const vertices = (mesh: Mesh, from = 0, to = mesh.positions.length / 3) => Array.from({ length: to - from }, (_, i) => [mesh.positions[(from + i) * 3], mesh.positions[(from + i) * 3 + 1], mesh.positions[(from + i) * 3 + 2]] as [number, number, number]);
const inFrame = (l: HeadLandmarks, mesh: Mesh, from = 0, to?: number) => vertices(mesh, from, to).map((p) => toFrame(l.frame, p));

describe('accessory sets', () => {
  test('the persona glasses set has at least 8 frames, at least 3 of them tinted sunglasses', () => {
    const glasses = accessorySet('glasses');
    assert.ok(glasses.length >= 8, `${glasses.length} frames`);
    const tinted = glasses.filter((g) => g.recipe.slot === 'glasses' && g.recipe.glasses.tint.top > 0.5);
    assert.ok(tinted.length >= 3, tinted.map((g) => g.identity).join(', '));
  });

  test('hats, earrings and necklaces have at least 4 items each, covering the styles the creator names', () => {
    const styles = (slot: 'hats' | 'earrings' | 'necklaces') => new Set(accessorySet(slot).map((a) => JSON.stringify(a.recipe).match(/"style":"(\w+)"/)![1]));
    for (const slot of ['hats', 'earrings', 'necklaces'] as const) assert.ok(accessorySet(slot).length >= 4, slot);
    assert.deepEqual([...styles('hats')].sort(), ['baseball_cap', 'beanie', 'bucket_hat', 'fedora']);
    assert.deepEqual([...styles('earrings')].sort(), ['drop', 'hoop', 'stud']);
    assert.deepEqual([...styles('necklaces')].sort(), ['chain', 'choker', 'pearls', 'pendant']);
  });

  test('identities are unique, stable snake_case names', () => {
    assert.equal(new Set(ACCESSORIES.map((a) => a.identity)).size, ACCESSORIES.length);
    for (const a of ACCESSORIES) assert.match(a.identity, /^[a-z][a-z0-9_]*$/);
  });

  test('every item has Color, Normal, Roughness, GltfMetallicRoughness and UnityMetallicSmoothness at the profile asked for', async () => {
    const list = ['Normal', 'Roughness', 'GltfMetallicRoughness', 'UnityMetallicSmoothness'];
    for (const item of ACCESSORIES) {
      const images = await partTextures(item.identity, accessoryMaps(item, 64), { list, profile: '1K.png', embed: false });
      assert.deepEqual([...images.keys()].sort(), ['Color', 'GltfMetallicRoughness', 'Normal', 'Roughness', 'UnityMetallicSmoothness'], item.identity);
    }
  });
});

describe('glasses fitted to a head', () => {
  for (const head of HEADS) {
    test(`every frame clears the ${head.name} head (all but the nose pads), its bridge or pads sit on the nose (within 5 mm)`, () => {
      const l = at(head.mesh);
      for (const item of accessorySet('glasses')) {
        if (item.recipe.slot !== 'glasses') continue;
        const fitted = fitGlasses(item.recipe.glasses, l, 2);
        assert.ok(fitted.clearance > 0, `${item.identity}: ${(fitted.clearance * 1000).toFixed(2)} mm from the head`);
        // On the nose: the frame's nearest approach to the nose's midline, at and below the bridge, is within 4 mm.
        const framed = inFrame(l, fitted.frame);
        const onNose = vertices(fitted.frame).filter((_, i) => Math.abs(framed[i][0]) < 0.012 && framed[i][1] < l.sellion[1] + 0.008 && framed[i][1] > l.sellion[1] - 0.02);
        const nearest = Math.min(...onNose.map((p) => l.surface.closest(...p).distance));
        assert.ok(nearest < 0.005, `${item.identity}: ${(nearest * 1000).toFixed(1)} mm above the nose`);
      }
    });
  }

  test('the lenses are in front of the eyes, the frame as wide as the head asks, and the temples reach back over the ears', () => {
    const widths: number[] = [];
    for (const head of HEADS) {
      const l = at(head.mesh);
      const item = accessorySet('glasses').find((g) => g.identity === 'rectangular_acetate')!;
      if (item.recipe.slot !== 'glasses') continue;
      const fitted = fitGlasses(item.recipe.glasses, l, 2);
      const lenses = inFrame(l, fitted.lenses);
      for (const eye of [l.eyes.left, l.eyes.right]) {
        const side = lenses.filter((p) => Math.sign(p[0]) === Math.sign(eye[0]));
        const xs = side.map((p) => p[0]), ys = side.map((p) => p[1]);
        const zs = side.filter((p) => Math.hypot(p[0] - eye[0], p[1] - eye[1]) < 0.008).map((p) => p[2]);
        assert.ok(Math.min(...xs) < eye[0] && eye[0] < Math.max(...xs) && Math.min(...ys) < eye[1] && eye[1] < Math.max(...ys), `${head.name}: the eye is behind its lens`);
        assert.ok(Math.min(...zs) > eye[2] + l.eyes.radius + 0.005, `${head.name}: the lens is in front of the cornea`);
      }
      const frame = inFrame(l, fitted.frame);
      widths.push(Math.max(...frame.map((p) => p[0])) - Math.min(...frame.map((p) => p[0])));
      for (const [ear, s] of [[l.ears.left, 1], [l.ears.right, -1]] as const) {
        const temple = frame.filter((p) => p[0] * s > 0.04);
        const back = Math.min(...temple.map((p) => p[2]));
        assert.ok(back < ear.back, `${head.name}: the temple ends ${((back - ear.back) * 1000).toFixed(1)} mm from the ear's back`);
        const overEar = temple.filter((p) => Math.abs(p[2] - (ear.front + ear.back) / 2) < 0.008);
        assert.ok(overEar.length && overEar.every((p) => p[1] > ear.top[1] - 0.004 && p[1] < ear.top[1] + 0.012), `${head.name}: the temple passes over the ear's root`);
      }
    }
    assert.ok(widths[1] > widths[0] * 1.04 && widths[2] < widths[0] * 0.96, `frame widths ${widths.map((w) => (w * 1000).toFixed(0)).join(', ')} mm`);
  });
});

describe('hats and earrings fitted to a head', () => {
  for (const head of HEADS) {
    test(`every hat clears the ${head.name} head and covers its crown`, () => {
      const l = at(head.mesh);
      for (const item of accessorySet('hats')) {
        if (item.recipe.slot !== 'hats') continue;
        const fitted = fitHat(item.recipe.hat, l, 2);
        assert.ok(fitted.clearance > 0.002, `${item.identity}: ${(fitted.clearance * 1000).toFixed(2)} mm from the head`);
        const top = Math.max(...inFrame(l, fitted.mesh).map((p) => p[1]));
        assert.ok(top > l.crown + 0.005, `${item.identity}: its top is above the head's`);
      }
    });

    test(`every hat presses hair on the ${head.name} head under its crown and lets it fall out below`, () => {
      const l = at(head.mesh);
      const head3 = (p: [number, number, number]) => toHead(l.frame, p);
      // Hair standing 4 cm off the top and back of the skull, and hanging 2 cm off it below the ears at the back.
      const above = [head3([0, l.crown + 0.04, -0.02]), head3([0.03, l.crown + 0.02, -0.06])];
      const below = [head3([0, -0.12, -0.13])];
      for (const item of accessorySet('hats')) {
        if (item.recipe.slot !== 'hats') continue;
        const fitted = fitHat(item.recipe.hat, l, 2);
        const hatTop = Math.max(...inFrame(l, fitted.mesh).map((p) => p[1]));
        const pressed = fitted.pressHair(new Float32Array([...above.flat(), ...below.flat()]));
        for (let k = 0; k < above.length; k++) {
          const p = toFrame(l.frame, [pressed[k * 3], pressed[k * 3 + 1], pressed[k * 3 + 2]]);
          assert.ok(p[1] < hatTop - 0.001, `${item.identity}: hair ${k} is under the hat's top (${((hatTop - p[1]) * 1000).toFixed(1)} mm)`);
          const d = headDistance(l, p);
          assert.ok(d > 0 && d < 0.02, `${item.identity}: hair ${k} lies on the skull under the lining (${(d * 1000).toFixed(1)} mm)`);
        }
        const k = above.length;
        assert.deepEqual([pressed[k * 3], pressed[k * 3 + 1], pressed[k * 3 + 2]], below[0].map(Math.fround), `${item.identity}: hair below the opening hangs free`);
        // The scalp itself is never moved.
        const scalp = fitted.pressHair(head.mesh.positions);
        assert.deepEqual(scalp, new Float32Array(head.mesh.positions), `${item.identity}: the head's own surface stays`);
      }
    });

    test(`earrings go through the ${head.name} head's lobes and clear the rest of it`, () => {
      const l = at(head.mesh);
      for (const item of accessorySet('earrings')) {
        if (item.recipe.slot !== 'earrings') continue;
        const fitted = fitEarrings(item.recipe.earring, l, 2);
        for (const [k, ear] of [l.ears.left, l.ears.right].entries()) {
          const pierced = toFrame(l.frame, fitted.piercings[k]);
          assert.ok(Math.hypot(pierced[0] - ear.lobe[0], pierced[1] - ear.lobe[1], pierced[2] - ear.lobe[2]) < 0.012, `${item.identity}: pierced near the lobe`);
          assert.ok(Math.abs(l.surface.closest(...fitted.piercings[k]).distance) < 0.002, `${item.identity}: on the lobe's skin`);
        }
        assert.ok(fitted.clearance > 0, `${item.identity}: ${(fitted.clearance * 1000).toFixed(2)} mm from the head away from the lobes`);
      }
    });
  }
});

describe('necklaces fitted to a body', () => {
  for (const gender of ['female', 'male'] as const) {
    test(`every necklace lies round the ${gender} body's neck, outside it, lower in front than at the back`, () => {
      const { fused } = avatarBody(template.mesh, { gender }, true);
      const neck = fused.skeleton.bones[fused.skeleton.index.get('Neck')!].head;
      const body = { mesh: fused.mesh, neck: [neck[0], neck[1], neck[2]] as [number, number, number] };
      for (const item of accessorySet('necklaces')) {
        if (item.recipe.slot !== 'necklaces') continue;
        const fitted = fitNecklace(item.recipe.necklace, body, 2);
        // Every fourth vertex: the links and pearls are small next to the body's triangles.
        const sample = Float32Array.from(vertices(fitted.mesh).filter((_, i) => i % 4 === 0).flat());
        assert.equal(insideBody(body, sample), 0, `${item.identity}: vertices inside the body`);
        const points = vertices(fitted.mesh);
        const front = points.filter((p) => p[2] > neck[2] + 0.03 && Math.abs(p[0]) < 0.02), back = points.filter((p) => p[2] < neck[2] - 0.03 && Math.abs(p[0]) < 0.02);
        assert.ok(front.length && back.length, item.identity);
        assert.ok(Math.min(...front.map((p) => p[1])) < Math.min(...back.map((p) => p[1])), `${item.identity}: the front hangs lower`);
        const round = Math.max(...points.map((p) => Math.hypot(p[0] - neck[0], p[2] - neck[2])));
        assert.ok(round < 0.16, `${item.identity}: within ${(round * 100).toFixed(1)} cm of the neck's axis`);
        assert.ok(fitted.neckShare.every((w) => w >= 0 && w <= 1), item.identity);
      }
    });
  }
});

describe('watches, bracelets and rings fitted to a body', () => {
  for (const gender of ['female', 'male'] as const) {
    test(`every hand accessory goes round the ${gender} body's wrist or finger, clear of it and snug`, () => {
      const { fused } = avatarBody(template.mesh, { gender }, true);
      const joint = (name: string): [number, number, number] => {
        const at = fused.skeleton.bones[fused.skeleton.index.get(name)!].head;
        return [at[0], at[1], at[2]];
      };
      const body = { mesh: fused.mesh, joint };
      const dist = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
      for (const slot of ['watches', 'bracelets', 'rings'] as const) {
        for (const item of accessorySet(slot)) {
          const r = item.recipe;
          const fitted = r.slot === 'watches' ? fitWatch(r.watch, body, 2) : r.slot === 'bracelets' ? fitBracelet(r.bracelet, body, 2) : r.slot === 'rings' ? fitRing(r.ring, body, 2) : null;
          assert.ok(fitted, item.identity);
          assert.ok(fitted.clearance > 0, `${item.identity}: ${(fitted.clearance * 1000).toFixed(2)} mm off the skin`);
          // Snug: its band is within a few millimetres of the limb all the way round.
          assert.ok(fitted.clearance < (slot === 'bracelets' ? 0.006 : 0.003), `${item.identity}: ${(fitted.clearance * 1000).toFixed(2)} mm off the skin, loose`);
          const centre = vertices(fitted.mesh).reduce((s, p) => [s[0] + p[0], s[1] + p[1], s[2] + p[2]], [0, 0, 0]).map((c) => c / (fitted.mesh.positions.length / 3));
          const near = slot === 'rings' ? ['LeftHandRing1', 'LeftHandRing2'] : slot === 'watches' ? ['LeftHand'] : ['RightHand'];
          const d = Math.min(...near.map((n) => dist(centre, joint(n))));
          assert.ok(d < (slot === 'rings' ? 0.02 : 0.05), `${item.identity}: ${(d * 100).toFixed(1)} cm from ${near[0]}`);
          assert.equal(fitted.joint, slot === 'rings' ? 'LeftHandRing1' : slot === 'watches' ? 'LeftForeArm' : 'RightForeArm');
        }
      }
    });
  }
});
