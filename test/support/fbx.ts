import type { BufferGeometry, Group, Mesh as ThreeMesh } from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

/**
 * three.js's FBXLoader in Node: the loader itself needs no DOM, only its TextureLoader makes an
 * <img>. This stand-in records the URL it is given and reports it loaded, so that a texture's
 * `image.src` tells whether it came from the file's own bytes (a blob: URL) or a file beside it.
 */
export class StandInImage {
  private listeners = new Map<string, () => void>();
  private url = '';
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, listener);
  }
  removeEventListener(): void {}
  get src(): string {
    return this.url;
  }
  set src(url: string) {
    this.url = url;
    setTimeout(() => this.listeners.get('load')?.call(this), 0);
  }
}
(globalThis as { document?: unknown }).document ??= { createElementNS: () => new StandInImage() };

/** Parses an FBX with three.js, then lets the stand-in images "load". */
export async function loadWithThree(data: Uint8Array): Promise<Group> {
  const group = parseFbx(data);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return group;
}

function parseFbx(data: Uint8Array): Group {
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  return new FBXLoader().parse(buffer, '');
}

export interface LoadedFbxMesh {
  name: string;
  vertices: number;
  triangles: number;
  /** Morph target names, in order. */
  morphs: string[];
  skinned: boolean;
}

/** A clip as three.js loaded it: its name, length and the properties its tracks drive (`AvatarHead.morphTargetInfluences[3]`). */
export interface LoadedClip {
  name: string;
  duration: number;
  tracks: string[];
}

/** What three.js's FBXLoader makes of a file: its meshes with counts and morph names, its bones and its clips. */
export function loadFbx(data: Uint8Array): { meshes: LoadedFbxMesh[]; bones: string[]; clips: LoadedClip[] } {
  const group = parseFbx(data);
  const meshes: LoadedFbxMesh[] = [];
  const bones: string[] = [];
  group.traverse((o) => {
    if ((o as { isBone?: boolean }).isBone) bones.push(o.name);
    if (!(o as ThreeMesh).isMesh) return;
    const geometry = (o as ThreeMesh).geometry as BufferGeometry;
    const dictionary = (o as ThreeMesh).morphTargetDictionary ?? {};
    const vertices = geometry.getAttribute('position').count;
    meshes.push({
      name: o.name, vertices, triangles: geometry.index ? geometry.index.count / 3 : vertices / 3,
      morphs: Object.entries(dictionary).sort((a, b) => a[1] - b[1]).map(([name]) => name),
      skinned: (o as { isSkinnedMesh?: boolean }).isSkinnedMesh === true,
    });
  });
  return { meshes, bones, clips: group.animations.map((a) => ({ name: a.name, duration: a.duration, tracks: a.tracks.map((t) => t.name) })) };
}

/** What three.js's GLTFLoader makes of a GLB in Node (embedded images go through the stand-in): meshes and bones. */
export async function loadGlbWithThree(data: Uint8Array): Promise<{ meshes: LoadedFbxMesh[]; bones: string[] }> {
  const gltf = await parseGlbWithThree(data);
  const meshes: LoadedFbxMesh[] = [];
  const bones: string[] = [];
  gltf.scene.traverse((o) => {
    if ((o as { isBone?: boolean }).isBone) bones.push(o.name);
    if (!(o as ThreeMesh).isMesh) return;
    const geometry = (o as ThreeMesh).geometry as BufferGeometry;
    const vertices = geometry.getAttribute('position').count;
    meshes.push({
      name: o.name, vertices, triangles: geometry.index ? geometry.index.count / 3 : vertices / 3,
      morphs: Object.entries((o as ThreeMesh).morphTargetDictionary ?? {}).sort((a, b) => a[1] - b[1]).map(([name]) => name),
      skinned: (o as { isSkinnedMesh?: boolean }).isSkinnedMesh === true,
    });
  });
  return { meshes, bones };
}

/** A GLB parsed by three.js's GLTFLoader in Node: its scene and clips, ready for an AnimationMixer. */
export async function parseGlbWithThree(data: Uint8Array): Promise<GLTF> {
  // GLTFLoader makes blob: URLs of embedded images through `self.URL`, a browser global.
  (globalThis as { self?: unknown }).self ??= globalThis;
  const { GLTFLoader } = await import('three/examples/jsm/loaders/GLTFLoader.js');
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  return new GLTFLoader().parseAsync(buffer, '');
}
