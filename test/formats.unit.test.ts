import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import { readPly, writePly } from '../src/formats/ply.js';
import { readZip, writeZip } from '../src/formats/zip.js';
import type { Mesh } from '../src/core/mesh.js';

/** A tetrahedron with normals and UVs: small enough to check by hand. */
function tetrahedron(): Mesh {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const normals = new Float32Array([-0.577, -0.577, -0.577, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const uvs = new Float32Array([0, 0, 1, 0, 0, 1, 0.5, 0.25]);
  const indices = new Uint32Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);
  return { positions, normals, uvs, indices };
}

describe('PLY', () => {
  test('a mesh round-trips through binary little-endian PLY with normals, per-vertex texcoords and faces', () => {
    const mesh = tetrahedron();
    const ply = writePly(mesh, { comment: 'test' });
    const header = new TextDecoder().decode(ply.subarray(0, 400));
    assert.match(header, /^ply\nformat binary_little_endian 1\.0\ncomment test\nelement vertex 4\n/);
    assert.match(header, /property float s\nproperty float t\nelement face 4\nproperty list uchar uint vertex_indices\nend_header\n/);
    const back = readPly(ply);
    assert.equal(back.vertexCount, 4);
    assert.equal(back.faceCount, 4);
    assert.deepEqual([...back.mesh.positions], [...mesh.positions]);
    assert.deepEqual([...back.mesh.indices], [...mesh.indices]);
    assert.deepEqual([...back.mesh.uvs!].map((x) => Math.round(x * 1000)), [...mesh.uvs!].map((x) => Math.round(x * 1000)));
  });

  test('texcoords are written with t = 0 at the bottom of the image, as three.js and Blender read them', () => {
    const mesh = tetrahedron();
    const geometry = new PLYLoader().parse(writePly(mesh).buffer as ArrayBuffer);
    assert.equal(geometry.getAttribute('position').count, 4);
    assert.equal(geometry.getIndex()!.count, 12);
    const uv = geometry.getAttribute('uv');
    // Our v = 0 is the top row of the image; three.js's v = 1 is the top.
    assert.ok(Math.abs(uv.getY(0) - 1) < 1e-6);
    assert.ok(Math.abs(uv.getY(3) - 0.75) < 1e-6);
    assert.ok(geometry.getAttribute('normal'));
  });

  test('a pointcloud has vertices only: no normals, texcoords or faces', () => {
    const ply = writePly(tetrahedron(), { pointsOnly: true });
    const header = new TextDecoder().decode(ply.subarray(0, 200));
    assert.doesNotMatch(header, /element face|property float s|property float nx/);
    const back = readPly(ply);
    assert.deepEqual(back.properties, ['x', 'y', 'z']);
    assert.equal(back.faceCount, 0);
    assert.equal(ply.length, header.indexOf('end_header\n') + 11 + 4 * 12);
  });
});

describe('zip', () => {
  test('files round-trip through a zip archive', () => {
    const files = { 'model.ply': writePly(tetrahedron()), 'notes.txt': new TextEncoder().encode('hello') };
    const zip = writeZip(files);
    assert.deepEqual([zip[0], zip[1]], [0x50, 0x4b]);
    const back = readZip(zip);
    assert.deepEqual(Object.keys(back).sort(), ['model.ply', 'notes.txt']);
    assert.deepEqual(back['model.ply'], files['model.ply']);
  });
});

describe('image headers from the first bytes of a file', () => {
  /** 600×400 of noise in each format, big enough that its first 1 KiB is not the whole file. */
  const encodings = async () => {
    const sharp = (await import('sharp')).default;
    const { randomBytes } = await import('node:crypto');
    const noise = () => sharp(randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } });
    return {
      jpeg: await noise().jpeg().toBuffer(),
      png: await noise().png().toBuffer(),
      webp: await noise().webp().toBuffer(),
      'webp lossless': await noise().webp({ lossless: true }).toBuffer(),
      'webp with alpha': await noise().ensureAlpha(0.5).webp().toBuffer(),
      gif: await noise().gif().toBuffer(),
      'tiff, directory first': await noise().tiff({ tile: false }).toBuffer().then(tiffDirectoryFirst),
      avif: await noise().avif({ effort: 0 }).toBuffer(),
    };
  };

  /** libvips writes the TIFF directory after the pixels; cameras and scanners often write it first. A one-strip copy with it first. */
  function tiffDirectoryFirst(_written: Buffer): Buffer {
    const pixels = Buffer.alloc(600 * 400 * 3, 7);
    const tags: [number, number, number][] = [[256, 3, 600], [257, 3, 400], [258, 3, 8], [259, 3, 1], [262, 3, 2], [273, 4, 0], [277, 3, 3], [278, 3, 400], [279, 4, pixels.length]];
    const directory = Buffer.alloc(2 + tags.length * 12 + 4);
    directory.writeUInt16LE(tags.length, 0);
    const pixelsAt = 8 + directory.length;
    tags.forEach(([tag, type, value], i) => {
      const at = 2 + i * 12;
      directory.writeUInt16LE(tag, at);
      directory.writeUInt16LE(type, at + 2);
      directory.writeUInt32LE(1, at + 4);
      if (type === 3) directory.writeUInt16LE(value, at + 8);
      else directory.writeUInt32LE(tag === 273 ? pixelsAt : value, at + 8);
    });
    const header = Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
    return Buffer.concat([header, directory, pixels]);
  }

  test('the format and size of every format we take, as sharp reads them from the whole file', async () => {
    const { sniffImageHeader } = await import('../src/formats/imageHeader.js');
    const sharp = (await import('sharp')).default;
    for (const [name, file] of Object.entries(await encodings())) {
      const whole = await sharp(file).metadata();
      const head = sniffImageHeader(file.subarray(0, 1024));
      assert.ok(head, name);
      assert.equal(head.format, whole.format, name);
      if (name !== 'avif') assert.deepEqual([head.width, head.height], [whole.width, whole.height], name);
    }
  });
  test('what no image starts with is null; a TIFF directory past the bytes seen leaves the size unknown', async () => {
    const { sniffImageHeader } = await import('../src/formats/imageHeader.js');
    assert.equal(sniffImageHeader(Buffer.from('%PDF-1.4 not an image at all')), null);
    assert.equal(sniffImageHeader(Buffer.alloc(4096)), null);
    const tiff = Buffer.from([0x49, 0x49, 42, 0, 0, 0, 1, 0, ...new Array(100).fill(0)]);
    assert.deepEqual(sniffImageHeader(tiff), { format: 'tiff' });
  });
});
