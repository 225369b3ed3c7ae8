import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { Api, photo, tinyPng } from './support/api.js';

/** A valid PNG header claiming width × height, with one tiny compressed row of data. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const backend of backends()) {
  describe(`bad input to avatar creation gets a 400 with field errors (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    let plus: Api;
    let png: Buffer;
    before(async () => {
      server = await startTestServer({ backend, env: { LIKENESS_MAX_PHOTO_BYTES: '300000', LIKENESS_MAX_PHOTO_PIXELS: '1000000' } });
      api = new Api(server.url, (await server.client('enterprise')).token);
      plus = new Api(server.url, (await server.client('plus')).token);
      png = await tinyPng();
    });
    after(() => server.stop());

    const base = () => ({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'x', photo: png });
    const rejected = async (a: Api, fields: Record<string, string | Buffer | undefined>, field: string, pattern?: RegExp) => {
      const res = await a.createAvatar({ ...base(), ...fields });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.ok(Array.isArray(res.body[field]), `expected an error on ${field}: ${JSON.stringify(res.body)}`);
      assert.ok(res.body[field].every((m: unknown) => typeof m === 'string'));
      if (pattern) assert.match(res.body[field].join(' | '), pattern);
      return res.body;
    };

    test('an unknown pipeline', () => rejected(api, { pipeline: 'head_9.9' }, 'pipeline', /not a valid choice/));
    test('a missing pipeline', () => rejected(api, { pipeline: undefined }, 'pipeline', /required/));
    test('an unknown subtype', () => rejected(api, { pipeline_subtype: 'base/huge' }, 'pipeline_subtype', /base\/legacy/));
    test('a missing name', () => rejected(api, { name: undefined }, 'name', /required/));
    test('parameters that are not JSON', () => rejected(api, { parameters: '{"model_info": [' }, 'parameters', /JSON/));
    test('an unknown category', () => rejected(api, { parameters: JSON.stringify({ wigs: { base: ['x'] } }) }, 'parameters', /wigs/));
    test('an unknown group', () => rejected(api, { parameters: JSON.stringify({ model_info: { gold: ['age'] } }) }, 'parameters', /gold/));
    test('an unknown name', () => rejected(api, { parameters: JSON.stringify({ model_info: { base: ['agee'] } }) }, 'parameters', /agee/));
    test('a colour channel out of 0–255', async () => {
      const p = (red: unknown) => JSON.stringify({ avatar_modifications: { plus: { hair_color: { red, green: 0, blue: 0 } } } });
      const body = await rejected(api, { parameters: p(256) }, 'parameters', /hair_color\.red/);
      assert.match(body.parameters.join(' '), /255/);
      await rejected(api, { parameters: p(-1) }, 'parameters', /hair_color\.red/);
      await rejected(api, { parameters: p(1.5) }, 'parameters', /hair_color\.red/);
      await rejected(api, { parameters: p('12') }, 'parameters', /hair_color\.red/);
    });
    test('a size that is not positive', () =>
      rejected(api, { parameters: JSON.stringify({ avatar_modifications: { plus: { texture_size: { width: 0, height: 1024 } } } }) }, 'parameters', /texture_size\.width/));
    test('a flag of the wrong type', () =>
      rejected(api, { parameters: JSON.stringify({ avatar_modifications: { plus: { curved_bottom: 'yes' } } }) }, 'parameters', /curved_bottom/));

    test('a parameter the caller\'s plan does not have', async () => {
      const available = (await plus.get('/parameters/available/head_1.2/?pipeline_subtype=base/mobile')).body;
      assert.ok(!available.avatar_modifications.pro, 'Plus does not have the pro group');
      const body = await rejected(plus, { parameters: JSON.stringify({ avatar_modifications: { pro: { remove_smile: true } } }) }, 'parameters');
      assert.match(body.parameters.join(' '), /avatar_modifications\.pro.*Pro/);
      const ok = await api.createAvatar({ ...base(), parameters: JSON.stringify({ avatar_modifications: { pro: { remove_smile: true } } }) });
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
    });

    test('a missing photo', () => rejected(api, { photo: undefined }, 'photo', /No file/));
    test('a photo that is not an image, whatever its name', () => rejected(api, { photo: Buffer.from('%PDF-1.4 not an image at all') }, 'photo', /valid image/));
    test('an empty photo', () => rejected(api, { photo: Buffer.alloc(0) }, 'photo', /empty/));
    test('a truncated image', async () => {
      const jpeg = photo('messi5.jpg');
      await rejected(api, { photo: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }, 'photo', /truncated|corrupt/);
    });
    test('a photo over the byte limit', () => rejected(api, { photo: Buffer.concat([png, Buffer.alloc(400_000)]) }, 'photo', /limit/));
    test('a photo over the pixel limit', async () => {
      const sharp = (await import('sharp')).default;
      const big = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#888' } }).jpeg().toBuffer();
      await rejected(api, { photo: big }, 'photo', /pixels/);
    });
    test('a small PNG whose header claims 30000×30000', async () => {
      const bomb = pngClaiming(30000, 30000);
      assert.ok(bomb.length < 200);
      await rejected(api, { photo: bomb }, 'photo', /30000×30000/);
    });
    test('export_parameters that are not JSON', () => rejected(api, { export_parameters: 'nope' }, 'export_parameters', /JSON/));
    test('null characters in a field are refused', async () => {
      await rejected(api, { name: 'a\u0000b' }, 'name', /Null characters/);
    });
    test('null characters in a filter or a player comment are refused, never a server error', async () => {
      const list = await api.get('/avatars/?name=%00');
      assert.equal(list.status, 400);
      assert.ok(list.body.name);
      const player = await api.post('/players/', { comment: 'a\u0000b' });
      assert.equal(player.status, 400);
      assert.ok(player.body.comment);
    });
    test('a body that is not multipart gets 415', async () => {
      const res = await api.request('POST', '/avatars/', { body: 'pipeline=head_1.2', headers: { 'Content-Type': 'text/plain' } });
      assert.equal(res.status, 415);
      assert.equal(typeof res.body.detail, 'string');
    });
    test('all field errors are reported at once', async () => {
      const res = await api.createAvatar({ pipeline: 'head_1.2', name: undefined, photo: undefined, parameters: '[' });
      assert.equal(res.status, 400);
      assert.deepEqual(Object.keys(res.body).sort(), ['name', 'parameters', 'photo']);
    });
    test('nothing is stored for a rejected request', async () => {
      const before = (await api.get('/avatars/')).body.length;
      await api.createAvatar({ ...base(), photo: Buffer.from('junk') });
      assert.equal((await api.get('/avatars/')).body.length, before);
    });
    test('a valid request with parameters of every category is accepted', async () => {
      const res = await api.createAvatar({
        ...base(),
        parameters: JSON.stringify({
          model_info: { plus: ['age', 'race', 'skin_color'] },
          blendshapes: { public: ['mobile_51'] },
          avatar_modifications: { plus: { hair_color: { red: 10, green: 20, blue: 30 }, texture_size: { width: 2048, height: 1024 }, caricature_amount: 1.5 } },
          shape_modifications: { plus: { 'cartoonish_v1.0': 0.5 } },
          additional_textures: { base: ['lips_mask'] },
        }),
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    });
  });
}
