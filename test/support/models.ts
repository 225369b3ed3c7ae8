import { createRequire } from 'node:module';

interface ValidatorMessage { code: string; message: string; pointer?: string; severity: number }
// gltf-validator ships no type declarations.
const validator = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes(data: Uint8Array, options: { uri?: string; externalResourceFunction: (uri: string) => Promise<Uint8Array> }): Promise<{
    issues: { numErrors: number; numWarnings: number; messages: ValidatorMessage[] };
  }>;
};
import type { Document } from '@gltf-transform/core';
import { readGltf } from '../../src/formats/gltf/index.js';

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

/** Reads a .gltf or .glb from an unzipped archive with glTF-Transform; external files resolve by name. */
export async function readGltfDocument(entries: Record<string, Uint8Array>, main: string): Promise<Document> {
  return readGltf([{ name: main, data: entries[main] }, ...Object.entries(entries).filter(([name]) => name !== main).map(([name, data]) => ({ name, data }))]);
}
