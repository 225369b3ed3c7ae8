import { writeFbx } from '../../formats/fbx/index.js';
import { writeGltf } from '../../formats/gltf/index.js';
import type { Scene, WrittenFile } from '../../formats/scene.js';
import { writeZip } from '../../formats/zip.js';
import type { ExportFormat } from '../catalogue/index.js';

export interface ArchiveOptions {
  format: ExportFormat;
  /** Textures inside the model file: a .glb or .fbx holds them, a .gltf as data: URIs with its buffer. */
  embedTextures: boolean;
  /** Main file name without extension. */
  baseName: string;
  /** Image file names left out of the archive because they ship as static files. */
  leaveOut?: ReadonlySet<string>;
  /** FBX polygons as quads where two triangles halve one (export_quads); glTF holds triangles only. */
  quads?: boolean;
}

/** A scene written in the export's format and packed into a zip, main file first. */
export async function writeArchive(scene: Scene, o: ArchiveOptions): Promise<Uint8Array> {
  let files: WrittenFile[];
  if (o.format === 'fbx') files = writeFbx(scene, { embedTextures: o.embedTextures, baseName: o.baseName, quads: o.quads === true });
  else files = await writeGltf(scene, { binary: o.format === 'glb', embedTextures: o.embedTextures, baseName: o.baseName });
  // Models and images are already compact (floats, JPEG, PNG): stored, not deflated, to keep exports fast.
  return writeZip(Object.fromEntries(files.filter((f) => !o.leaveOut?.has(f.name)).map((f) => [f.name, f.data])));
}
