import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { createFaceAnalyzer } from '../../src/analysis/index.js';

const require = createRequire(import.meta.url);

/** Where a face fixture is cut from: a tile of one of `@vladmandic/human`'s assets that shows one face. */
export interface FaceSource {
  /** File written in bench/fixtures/faces/. */
  name: string;
  /** File in node_modules/@vladmandic/human/assets/. */
  asset: string;
  /** The tile (one photo of the screenshot) the face is in, in asset pixels; the crop never leaves it. */
  tile: { left: number; top: number; width: number; height: number };
  what: string;
}

/**
 * The extra faces of the quality benchmark. The tiles were found by scanning the screenshots for the
 * black gaps between their photos; each shows one person, the face some 80-100 px wide.
 */
export const FACE_SOURCES: readonly FaceSource[] = [
  { name: 'facedetect-1.png', asset: 'screenshot-facedetect.jpg', tile: { left: 7, top: 346, width: 151, height: 151 }, what: 'man, dark hair, white collar, frontal' },
  { name: 'facedetect-2.png', asset: 'screenshot-facedetect.jpg', tile: { left: 164, top: 346, width: 150, height: 151 }, what: 'woman, long black hair, grey top, slight turn' },
  { name: 'facedetect-3.png', asset: 'screenshot-facedetect.jpg', tile: { left: 321, top: 346, width: 151, height: 151 }, what: 'woman, blonde, head tilted' },
  { name: 'facedetect-4.png', asset: 'screenshot-facedetect.jpg', tile: { left: 478, top: 346, width: 151, height: 151 }, what: 'woman, brown hair, smiling, tilted' },
  { name: 'facedetect-5.png', asset: 'screenshot-facedetect.jpg', tile: { left: 639, top: 346, width: 153, height: 151 }, what: 'woman, grayscale, smiling, turned' },
  { name: 'faceid.png', asset: 'screenshot-faceid.jpg', tile: { left: 13, top: 141, width: 141, height: 141 }, what: 'man, shaved head, stubble, webcam, frontal' },
  { name: 'samples-turned.png', asset: 'samples.jpg', tile: { left: 155, top: 0, width: 140, height: 150 }, what: 'woman, blonde, hair tied back, turned about 33°' },
];

export function humanAssetPath(asset: string): string {
  // The package's exports map hides package.json; its Node entry is dist/human.node.js (resolved, not loaded).
  return join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', asset);
}

/**
 * Writes the face crops to bench/fixtures/faces/: each tile is analysed, and the square of twice the
 * face box's longer side around the box's centre, moved and shrunk to stay inside the tile, is saved
 * as PNG at the asset's own resolution (no resampling).
 */
export async function makeFaceFixtures(outDir = join(process.cwd(), 'bench', 'fixtures', 'faces')): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const analyzer = await createFaceAnalyzer();
  try {
    for (const source of FACE_SOURCES) {
      const tile = await sharp(humanAssetPath(source.asset)).extract(source.tile).png().toBuffer();
      const { face, faceCount } = await analyzer.analyze(tile);
      const box = face.box;
      const { left, top, side } = faceSquare(box, source.tile.width, source.tile.height, 2);
      const crop = await sharp(tile).extract({ left, top, width: side, height: side }).png().toBuffer();
      await writeFile(join(outDir, source.name), crop);
      console.log(`${source.name}: ${faceCount} face(s), box ${box.width.toFixed(0)}x${box.height.toFixed(0)} at (${box.x.toFixed(0)}, ${box.y.toFixed(0)}), crop ${side}x${side} at (${source.tile.left + left}, ${source.tile.top + top}) of ${source.asset}`);
    }
  } finally {
    await analyzer.close();
  }
}

/**
 * The square of `sides` face-box sides around the box's centre, moved and shrunk to stay inside a
 * `width` × `height` picture: how a portrait is cut from a larger photo.
 */
export function faceSquare(box: { x: number; y: number; width: number; height: number }, width: number, height: number, sides: number): { left: number; top: number; side: number } {
  const side = Math.min(width, height, Math.round(sides * Math.max(box.width, box.height)));
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  return {
    left: Math.round(Math.min(Math.max(0, cx - side / 2), width - side)),
    top: Math.round(Math.min(Math.max(0, cy - side / 2), height - side)),
    side,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await makeFaceFixtures();
}
