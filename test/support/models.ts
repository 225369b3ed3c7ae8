import { createRequire } from 'node:module';

interface ValidatorMessage { code: string; message: string; pointer?: string; severity: number }
// gltf-validator ships no type declarations.
const validator = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes(data: Uint8Array, options: { uri?: string; externalResourceFunction: (uri: string) => Promise<Uint8Array> }): Promise<{
    issues: { numErrors: number; numWarnings: number; messages: ValidatorMessage[] };
  }>;
};
import { NodeIO, type Document } from '@gltf-transform/core';

export interface ValidationSummary {
  errors: number;
  warnings: number;
  messages: string[];
}

/** Runs the Khronos glTF validator on the main file of an unzipped archive, resolving its other files by name. */
export async function validateGltf(entries: Record<string, Uint8Array>, main: string): Promise<ValidationSummary> {
  const report = await validator.validateBytes(entries[main], {
    uri: main,
    externalResourceFunction: async (uri: string) => {
      const data = entries[decodeURIComponent(uri)];
      if (!data) throw new Error(`missing ${uri}`);
      return data;
    },
  });
  const messages = report.issues.messages
    .filter((m) => m.severity <= 1)
    .map((m) => `${m.severity === 0 ? 'error' : 'warning'} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
  return { errors: report.issues.numErrors, warnings: report.issues.numWarnings, messages };
}

/** Reads a .gltf or .glb from an unzipped archive with glTF-Transform; external images resolve by name. */
export async function readGltfDocument(entries: Record<string, Uint8Array>, main: string): Promise<Document> {
  const io = new NodeIO();
  if (main.endsWith('.glb')) {
    const json = await io.binaryToJSON(entries[main]);
    for (const image of json.json.images ?? []) if (image.uri && entries[image.uri]) json.resources[image.uri] = new Uint8Array(entries[image.uri]);
    return io.readJSON(json);
  }
  const json = JSON.parse(Buffer.from(entries[main]).toString('utf8'));
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const b of json.buffers ?? []) if (b.uri) resources[b.uri] = new Uint8Array(entries[b.uri]);
  for (const i of json.images ?? []) if (i.uri && entries[i.uri]) resources[i.uri] = new Uint8Array(entries[i.uri]);
  return io.readJSON({ json, resources });
}
