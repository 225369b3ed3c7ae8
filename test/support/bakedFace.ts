import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createFaceAnalyzer, type FaceAnalysis } from '../../src/analysis/index.js';
import { headTemplate } from '../../src/assets/index.js';
import { fitHead } from '../../src/geometry/index.js';
import { bakeTexture, decodeRgb, faceOutline, type RgbImage } from '../../src/texture/index.js';
import { faceLayout, type FaceLayout } from '../../src/texture/layout/faceLayout.js';

// Compiled to dist/test/support/: the project root is three levels up.
const PHOTOS = fileURLToPath(new URL('../../../test/fixtures/photos/', import.meta.url));

/**
 * A fixture photo's face as the texture edits see it: analysed, fitted to head_1.2's template,
 * baked to a `width` × `height` texture, and the face's layout on that texture.
 */
export async function bakedFace(photoName: string, width: number, height: number): Promise<{ analysis: FaceAnalysis; texture: RgbImage; layout: FaceLayout }> {
  const analyzer = await createFaceAnalyzer();
  const photo = await readFile(PHOTOS + photoName);
  const analysis = await analyzer.analyze(photo);
  await analyzer.close();
  const fitted = fitHead(headTemplate('head_1.2 base/mobile'), analysis);
  const projection = fitted.projection;
  const texture = bakeTexture({
    mesh: fitted.mesh, projection, photo: await decodeRgb(photo), skin: analysis.colors.skin,
    masks: analysis.segmentation, faceOutline: faceOutline(analysis.face),
  }, { width, height }).texture;
  const layout = faceLayout({
    uvs: fitted.mesh.uvs!, indices: fitted.mesh.indices, binding: fitted.template.landmarks,
    photo: { landmarks: analysis.face.landmarks, projection },
  }, { width, height });
  return { analysis, texture, layout };
}
