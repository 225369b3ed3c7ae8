import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blenderImport, sampleScene, sampleSceneProblems } from '../bench/blenderImport.js';
import { writeFbx } from '../src/formats/fbx/index.js';
import type { WrittenFile } from '../src/formats/scene.js';

let embedded: WrittenFile[];
let external: WrittenFile[];
before(async () => {
  const scene = await sampleScene();
  embedded = writeFbx(scene, { embedTextures: true });
  external = writeFbx(scene, { embedTextures: false });
});

describe('FBX: read back by Blender', () => {
  const hasBlender = !spawnSync('blender', ['--version']).error;
  let dir = '';
  before(() => void (dir = mkdtempSync(join(tmpdir(), 'likeness-fbx-test-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('Blender imports objects, vertex counts, shape keys, bones, action and textures (skipped without blender on PATH)', { skip: !hasBlender && 'blender is not on PATH' }, () => {
    const paths = [embedded, external].map((files, i) => {
      const sub = join(dir, i === 0 ? 'embedded' : 'external');
      mkdirSync(sub);
      for (const f of files) writeFileSync(join(sub, f.name), f.data);
      return join(sub, files[0].name);
    });
    const reports = blenderImport(paths)!;
    assert.deepEqual(sampleSceneProblems(reports[0], true), []);
    assert.deepEqual(sampleSceneProblems(reports[1], false), []);
  });
});

