import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { oneBackend, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { readZip } from '../src/formats/zip.js';
import { readPly, type PlyContents } from '../src/formats/ply.js';

// The spec's avatar_modifications, shape_modifications and additional textures, end to end over
// HTTP. Few avatars are computed (each takes seconds): the tests share them.

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

const BASE_TEXTURES = ['lips_mask', 'smooth_eyelashes_texture', 'uniformly_colored_texture', 'slightly_cartoonish_texture'];
const PLUS_TEXTURES = ['cartoonish_texture', 'metallic_map', 'roughness_map'];
const LIPS = { red: 200, green: 30, blue: 110 };

/** Everything head_1.2 base/mobile offers at once (pro for the removals, indie for cartoonish_v0.3). */
const EVERYTHING = {
  avatar_modifications: {
    plus: { parametric_eyes_texture: true, add_eyelid_shadow: true, lips_color: LIPS, teeth_color: { red: 250, green: 250, blue: 240 }, curved_bottom: true },
    pro: { remove_smile: true, remove_stubble: true, remove_glasses: true },
  },
  shape_modifications: { indie: { 'cartoonish_v0.3': 0.8 } },
  additional_textures: { base: BASE_TEXTURES, plus: PLUS_TEXTURES },
};

interface Decoded {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
}

const decode = async (data: Uint8Array): Promise<Decoded> => {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data: pixels };
};

for (const backend of oneBackend('embedded')) describe('avatar and shape modifications, additional textures (head avatars over HTTP)', () => {
  let server: TestServer;
  let api: Api;
  /** Completed avatars by role, each awaited by the tests that need it. */
  const avatars: Record<string, Promise<any>> = {};

  const download = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${api.token}` } });
    return { status: res.status, type: res.headers.get('content-type'), data: new Uint8Array(await res.arrayBuffer()) };
  };
  const mesh = async (code: string): Promise<PlyContents> => readPly(readZip((await download(`/avatars/${code}/mesh/?lod=0`)).data)['model.ply']);
  const texture = async (code: string, identity: string) => decode((await download(`/avatars/${code}/textures/${identity}/file/`)).data);

  /** Creates an avatar of astronaut.png and answers it once computed, asserting it completed. */
  const compute = async (pipeline: string, subtype: string, name: string, parameters?: object) => {
    const res = await api.createAvatar({ pipeline, pipeline_subtype: subtype, name, photo: photo('astronaut.png'), parameters: parameters && JSON.stringify(parameters) });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return async () => {
      // Generous: the last one waits for the four before it, on a machine that may be busy.
      const done = await api.waitFor(res.body.code, final, 300_000);
      assert.equal(done.status, 'Completed', `${name}: ${done.status} ${done.failure_reason ?? ''}`);
      return done;
    };
  };

  before(async () => {
    // Unthrottled (the shared server is): five waitFor loops polling every 50 ms spend the default
    // 600 requests a minute in seconds, and the tests' downloads would then be refused for the rest of it.
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('pro')).token);
    // All queued at once; the server's workers compute them as they get to them.
    const queued = {
      everything: await compute('head_1.2', 'base/mobile', 'everything', EVERYTHING),
      plain: await compute('head_1.2', 'base/mobile', 'plain'),
      lips: await compute('head_1.2', 'base/mobile', 'lips', { avatar_modifications: { plus: { lips_color: LIPS } }, additional_textures: { base: ['lips_mask'] } }),
      cartoon: await compute('head_1.2', 'base/mobile', 'cartoon', { avatar_modifications: { plus: { curved_bottom: true } }, shape_modifications: { indie: { 'cartoonish_v0.3': 0.8 } } }),
      repacked: await compute('head_2.0', 'head/mobile', 'repacked'),
    };
    for (const [role, wait] of Object.entries(queued)) {
      avatars[role] = wait();
      avatars[role].catch(() => {}); // reported by the tests that await it
    }
  });

  describe('everything at once on head_1.2 base/mobile', () => {
    test('completes, and /textures/ lists model and exactly the requested additional textures', async () => {
      const a = await avatars.everything;
      const list = await api.get(`/avatars/${a.code}/textures/`);
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.map((t: any) => t.identity).sort(), ['model', ...BASE_TEXTURES, ...PLUS_TEXTURES].sort());
    });

    test('each texture file is a PNG (lips_mask) or a JPEG (the others) of the model texture\'s size', async () => {
      const a = await avatars.everything;
      const model = await sharp((await download(`/avatars/${a.code}/textures/model/file/`)).data).metadata();
      assert.deepEqual([model.format, model.width, model.height], ['jpeg', 4096, 2048]);
      for (const identity of [...BASE_TEXTURES, ...PLUS_TEXTURES]) {
        const file = await download(`/avatars/${a.code}/textures/${identity}/file/`);
        assert.equal(file.status, 200, identity);
        const png = identity === 'lips_mask';
        assert.equal(file.type, png ? 'image/png' : 'image/jpeg', identity);
        const decoded = await decode(file.data);
        assert.equal((await sharp(file.data).metadata()).format, png ? 'png' : 'jpeg', identity);
        assert.deepEqual([decoded.width, decoded.height], [model.width, model.height], identity);
      }
    });

    test('lips_mask is a grey mask: black almost everywhere, white inside the lips', async () => {
      const file = await download(`/avatars/${(await avatars.everything).code}/textures/lips_mask/file/`);
      const meta = await sharp(file.data).metadata();
      assert.deepEqual([meta.format, meta.channels], ['png', 1], 'a one-channel PNG');
      const mask = await decode(file.data);
      let white = 0, black = 0;
      const box = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
      for (let p = 0; p < mask.width * mask.height; p++) {
        const v = mask.data[p * mask.channels];
        if (v <= 5) black++;
        if (v < 250) continue;
        white++;
        const x = p % mask.width, y = Math.floor(p / mask.width);
        box.x0 = Math.min(box.x0, x); box.x1 = Math.max(box.x1, x); box.y0 = Math.min(box.y0, y); box.y1 = Math.max(box.y1, y);
      }
      const n = mask.width * mask.height;
      assert.ok(black > n * 0.97, `${black} of ${n} pixels black`);
      // At 4096×2048 the lips span some ten thousand texels, all in one small part of the texture.
      assert.ok(box.x1 - box.x0 < mask.width / 4 && box.y1 - box.y0 < mask.height / 4, `white spread over ${JSON.stringify(box)}`);
      assert.ok(white > 5000 && white < n * 0.02, `${white} white pixels`);
    });

    test('metallic_map is 0 everywhere; roughness_map has several distinct levels', async () => {
      const a = await avatars.everything;
      const metallic = await texture(a.code, 'metallic_map');
      assert.ok(Math.max(...channelStats(metallic, 0).max) <= 3, 'metallic_map is all ~0');
      const rough = await texture(a.code, 'roughness_map');
      const histogram = new Array<number>(256).fill(0);
      for (let i = 0; i < rough.data.length; i += rough.channels) histogram[rough.data[i]]++;
      // A level: a grey value (±1 for JPEG) held by thousands of texels and standing out of the
      // values 3 away, unlike the soft edges between two levels: skin, hair, lips and eyes (the
      // mouth opening, a fifth, is gone with the smile).
      const levels: number[] = [];
      for (let v = 0; v < 256; v++) {
        const around = histogram[v] + (histogram[v - 1] ?? 0) + (histogram[v + 1] ?? 0);
        if (around >= 5000 && histogram[v] > 2 * Math.max(histogram[v - 3] ?? 0, histogram[v + 3] ?? 0) && histogram[v] >= Math.max(histogram[v - 1] ?? 0, histogram[v + 1] ?? 0)) levels.push(v);
      }
      assert.ok(levels.length >= 4, `roughness_map levels ${levels}`);
    });

    test('uniformly_colored_texture is one colour, the skin tone', async () => {
      const uniform = await texture((await avatars.everything).code, 'uniformly_colored_texture');
      const { mean, min, max } = channelStats(uniform, 0);
      for (let c = 0; c < 3; c++) assert.ok(max[c] - min[c] <= 4, `channel ${c} spans ${min[c]}–${max[c]}`);
      assert.ok(mean[0] > mean[2], `a skin tone is warm: ${mean.map(Math.round)}`);
    });

    test('model_info reports each removal: the open smile removed, no glasses found, a remark for each not removed', async () => {
      const a = await avatars.everything;
      const res = await api.get(`/avatars/${a.code}/model_info/`);
      assert.equal(res.status, 200);
      const info = res.body;
      for (const key of ['remove_smile', 'remove_stubble', 'remove_glasses']) {
        assert.ok(['removed', 'not_found', 'failed'].includes(info[key]), `${key}: ${JSON.stringify(info[key])}`);
        if (info[key] !== 'removed') assert.ok(typeof info.remarks?.[key] === 'string' && info.remarks[key].length > 10, `a remark explains ${key} ${info[key]}`);
      }
      assert.equal(info.remove_smile, 'removed', JSON.stringify(info));
      assert.equal(info.remove_glasses, 'not_found', JSON.stringify(info));
    });
  });

  describe('compared with a plain avatar of the same photo', () => {
    test('lips_color changes the model texture in the lips, and hardly anywhere else', async () => {
      const [plain, lips] = await Promise.all([avatars.plain, avatars.lips]);
      const [before, after, mask] = await Promise.all([texture(plain.code, 'model'), texture(lips.code, 'model'), texture(lips.code, 'lips_mask')]);
      assert.deepEqual([after.width, after.height], [before.width, before.height]);
      let inside = 0, insideDiff = 0, outside = 0, outsideDiff = 0;
      const meanBefore = [0, 0, 0], meanAfter = [0, 0, 0];
      for (let p = 0; p < before.width * before.height; p++) {
        const i = p * 3;
        const diff = Math.abs(before.data[i] - after.data[i]) + Math.abs(before.data[i + 1] - after.data[i + 1]) + Math.abs(before.data[i + 2] - after.data[i + 2]);
        if (mask.data[p * mask.channels] > 128) {
          inside++;
          insideDiff += diff / 3;
          for (let c = 0; c < 3; c++) { meanBefore[c] += before.data[i + c]; meanAfter[c] += after.data[i + c]; }
        } else {
          outside++;
          outsideDiff += diff / 3;
        }
      }
      const lipsMad = insideDiff / inside, restMad = outsideDiff / outside;
      assert.ok(lipsMad > 15, `mean difference in the lips ${lipsMad.toFixed(2)}`);
      assert.ok(lipsMad > 20 * restMad, `lips ${lipsMad.toFixed(2)} against the rest ${restMad.toFixed(3)}`);
      // The lips take the requested colour on average, closer to it than they were.
      const target = [LIPS.red, LIPS.green, LIPS.blue];
      const distance = (m: number[]) => Math.hypot(...m.map((v, c) => v / inside - target[c]));
      assert.ok(distance(meanAfter) < 30 && distance(meanAfter) < distance(meanBefore) / 2,
        `lips ${meanAfter.map((v) => Math.round(v / inside))} (were ${meanBefore.map((v) => Math.round(v / inside))}), asked ${target}`);
    });

    test('cartoonish_v0.3 moves the head\'s vertices and keeps the topology', async () => {
      const [plain, cartoon] = await Promise.all([avatars.plain, avatars.cartoon]);
      const [a, b] = await Promise.all([mesh(plain.code), mesh(cartoon.code)]);
      assert.equal(b.vertexCount, a.vertexCount);
      assert.equal(b.faceCount, a.faceCount);
      assert.ok(a.mesh.indices.every((v, i) => v === b.mesh.indices[i]), 'same faces');
      // Above the shoulders (curved_bottom lifts the bust up to there), the cartoon's proportions.
      const p = a.mesh.positions, q = b.mesh.positions;
      let minY = Infinity;
      for (let v = 0; v < a.vertexCount; v++) minY = Math.min(minY, p[v * 3 + 1]);
      let head = 0, moved = 0, furthest = 0, lowestSideways = Infinity;
      for (let v = 0; v < a.vertexCount; v++) {
        const dx = q[v * 3] - p[v * 3], dy = q[v * 3 + 1] - p[v * 3 + 1], dz = q[v * 3 + 2] - p[v * 3 + 2];
        if (Math.abs(dx) > 1e-5 || Math.abs(dz) > 1e-5) lowestSideways = Math.min(lowestSideways, p[v * 3 + 1]);
        if (p[v * 3 + 1] < minY + 0.15) continue;
        head++;
        const d = Math.hypot(dx, dy, dz);
        if (d > 0.001) moved++;
        furthest = Math.max(furthest, d);
      }
      assert.ok(moved > head * 0.2, `${moved} of ${head} vertices of the head moved over 1 mm`);
      assert.ok(furthest > 0.003 && furthest < 0.05, `furthest move ${furthest} m`);
      // The bust only rises (curved_bottom): the cartoon fades out under the jaw.
      assert.ok(lowestSideways > minY + 0.1, `a vertex ${(lowestSideways - minY).toFixed(3)} m above the cut moved sideways`);
    });

    test('the bottom border keeps its place, but for curved_bottom\'s rise of up to 3 cm in the middle', async () => {
      const [plain, cartoon] = await Promise.all([avatars.plain, avatars.cartoon]);
      const [a, b] = await Promise.all([mesh(plain.code), mesh(cartoon.code)]);
      const p = a.mesh.positions, q = b.mesh.positions;
      let minY = Infinity;
      for (let v = 0; v < a.vertexCount; v++) minY = Math.min(minY, p[v * 3 + 1]);
      let border = 0, most = -Infinity, least = Infinity, sideMost = -Infinity;
      let halfWidth = 0;
      for (let v = 0; v < a.vertexCount; v++) if (p[v * 3 + 1] < minY + 0.002) halfWidth = Math.max(halfWidth, Math.abs(p[v * 3]));
      for (let v = 0; v < a.vertexCount; v++) {
        if (p[v * 3 + 1] >= minY + 0.002) continue;
        border++;
        assert.ok(Math.abs(q[v * 3] - p[v * 3]) < 1e-5 && Math.abs(q[v * 3 + 2] - p[v * 3 + 2]) < 1e-5, `border vertex ${v} moved sideways`);
        const rise = q[v * 3 + 1] - p[v * 3 + 1];
        most = Math.max(most, rise);
        least = Math.min(least, rise);
        if (Math.abs(p[v * 3]) > 0.95 * halfWidth) sideMost = Math.max(sideMost, rise);
      }
      assert.ok(border >= 20, `${border} border vertices`);
      assert.ok(least > -1e-5, `no border vertex sinks (${least} m)`);
      assert.ok(most > 0.025 && most < 0.0301, `the middle rises ${most} m`);
      assert.ok(sideMost < 0.005, `under the arms the border stays at the cut (${sideMost} m)`);
    });
  });

  describe('a parameter on a subtype that does not support it is a 400, before any computation', () => {
    const rejected = async (pipeline: string, subtype: string, parameters: object, pattern: RegExp) => {
      const res = await api.createAvatar({ pipeline, pipeline_subtype: subtype, name: 'wrong', photo: photo('astronaut.png'), parameters: JSON.stringify(parameters) });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.ok(Array.isArray(res.body.parameters), JSON.stringify(res.body));
      assert.match(res.body.parameters.join(' | '), pattern);
      return res.body.parameters.join(' | ') as string;
    };

    test('cartoonish_v1.0 on head_1.2 base/legacy names the subtypes that have it', async () => {
      const message = await rejected('head_1.2', 'base/legacy', { shape_modifications: { plus: { 'cartoonish_v1.0': 0.5 } } }, /shape_modifications\.plus\.cartoonish_v1\.0/);
      assert.match(message, /head_1\.2 base\/mobile/);
      assert.match(message, /head_2\.0 head\/mobile/);
    });

    test('curved_bottom on head_2.0 head/mobile, which has no bust', async () => {
      await rejected('head_2.0', 'head/mobile', { avatar_modifications: { plus: { curved_bottom: true } } }, /curved_bottom.*bust\/mobile/);
    });

    test('parametric_eyes_texture on head_2.0', async () => {
      await rejected('head_2.0', 'bust/mobile', { avatar_modifications: { plus: { parametric_eyes_texture: true } } }, /parametric_eyes_texture.*head_1\.2/);
    });

    test('an additional texture the spec does not name', async () => {
      await rejected('head_1.2', 'base/mobile', { additional_textures: { base: ['lips_mask', 'normal_map'] } }, /additional_textures\.base\[1\].*normal_map/);
    });
  });

  describe('head_2.0 head/mobile, always repacked', () => {
    test('the model texture is a 2048×2048 square and every UV lies in [0, 1]', async () => {
      const a = await avatars.repacked;
      const meta = await sharp((await download(`/avatars/${a.code}/textures/model/file/`)).data).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 2048, 2048]);
      const { uvs } = (await mesh(a.code)).mesh;
      assert.ok(uvs && uvs.length > 0);
      let outside = 0;
      for (const u of uvs!) if (!(u >= 0 && u <= 1)) outside++;
      assert.equal(outside, 0, `${outside} UV coordinates outside [0, 1]`);
    });
  });
});

/** Per channel (up to 3): mean, min and max of an image, sampling every `stride`-th pixel (0: all). */
function channelStats(image: Decoded, stride: number): { mean: number[]; min: number[]; max: number[] } {
  const k = Math.min(3, image.channels);
  const mean = new Array(k).fill(0), min = new Array(k).fill(255), max = new Array(k).fill(0);
  const step = Math.max(1, stride) * image.channels;
  let n = 0;
  for (let i = 0; i < image.data.length; i += step) {
    for (let c = 0; c < k; c++) {
      const v = image.data[i + c];
      mean[c] += v;
      min[c] = Math.min(min[c], v);
      max[c] = Math.max(max[c], v);
    }
    n++;
  }
  return { mean: mean.map((s) => s / n), min, max };
}
