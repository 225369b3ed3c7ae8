/**
 * The avatar in three.js: the persona's GLB export under a studio's lights, an orbit
 * camera, and the creator's blends as the model's morph targets, so that what is shown is what
 * `blendshapes.values` bakes into the export. Loaded with import() after persona_creator_loaded.
 */
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

import { DEFAULT_LIGHTING } from './lighting.js';
import { LIGHTING } from './lightingPresets.js';

/** Models kept loaded: a look seen before is shown again without a download or a parse. */
const KEEP = 8;

function dispose(root) {
  root.traverse((o) => {
    if (!o.isMesh) return;
    o.geometry.dispose();
    for (const m of [o.material].flat()) {
      for (const value of Object.values(m)) if (value?.isTexture) value.dispose();
      m.dispose();
    }
  });
}

export class Viewer {
  constructor(container) {
    this.container = container;
    this.renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true });
    this.renderer.setPixelRatio(Math.min(devicePixelRatio, 2));
    this.renderer.outputColorSpace = THREE.SRGBColorSpace;
    this.renderer.toneMapping = THREE.ACESFilmicToneMapping;
    container.appendChild(this.renderer.domElement);
    // Reachable from the page itself (the browser test reads the morph weights); a host, on another origin, cannot.
    container.viewer = this;
    this.scene = new THREE.Scene();
    this.camera = new THREE.PerspectiveCamera(30, 1, 0.01, 50);
    this.scene.add(this.camera);
    this.lights = [];
    this.setLighting(DEFAULT_LIGHTING);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = true;
    this.controls.addEventListener('change', () => this.requestRender());
    this.model = null;
    /** Loaded models by URL, least recently shown first. */
    this.loaded = new Map();
    this.morphMeshes = [];
    this.mixer = null;
    this.clips = [];
    /** The name of the body clip playing, or null: what export_avatar exports as its animation (WYSIWYG). */
    this.playing = null;
    /** The face demo playing over it, or null: a second clip, on the head's blendshapes. */
    this.face = null;
    /** The mixer's action of each layer: a body clip and a face demo play together. */
    this.actions = { body: null, face: null };
    this.clock = new THREE.Clock();
    new ResizeObserver(() => this.resize()).observe(container);
    this.resize();
  }

  resize() {
    const w = this.container.clientWidth || 1;
    const h = this.container.clientHeight || 1;
    this.renderer.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  requestRender() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      if (this.controls.update()) this.requestRender();
      if (this.mixer && (this.playing || this.face)) {
        this.mixer.update(this.clock.getDelta());
        this.requestRender();
      }
      this.renderer.render(this.scene, this.camera);
    });
  }

  /** `reframe`: frame the whole avatar (a new avatar); otherwise the camera stays where the user put it. */
  async load(url, reframe = true) {
    let gltf = this.loaded.get(url);
    if (gltf) this.loaded.delete(url);
    else gltf = await new GLTFLoader().loadAsync(url);
    this.loaded.set(url, gltf);
    for (const [old, kept] of this.loaded) {
      if (this.loaded.size <= KEEP) break;
      this.loaded.delete(old);
      if (kept.scene !== this.model) dispose(kept.scene);
    }
    if (this.model) this.scene.remove(this.model);
    this.mixer?.stopAllAction();
    this.model = gltf.scene;
    this.clips = gltf.animations;
    this.mixer = new THREE.AnimationMixer(this.model);
    const keep = this.playing;
    const keepFace = this.face;
    this.playing = null;
    this.face = null;
    this.actions = { body: null, face: null };
    this.morphMeshes = [];
    this.model.traverse((o) => {
      if (o.isMesh && o.morphTargetDictionary) this.morphMeshes.push(o);
      // The skinned parts move with the pose: their bind-pose bounds would cull them wrongly.
      if (o.isMesh) o.frustumCulled = false;
    });
    // A model shown before may stand in the pose a clip left it in.
    this.model.traverse((o) => { if (o.isSkinnedMesh) o.skeleton.pose(); });
    this.scene.add(this.model);
    const first = !this.box;
    this.box = new THREE.Box3().setFromObject(this.model);
    if (first || reframe) this.frame('body');
    if (keep && this.clips.some((c) => c.name === keep)) this.play(keep);
    if (keepFace && this.clips.some((c) => c.name === keepFace)) this.play(keepFace, 'face');
    this.requestRender();
  }

  /**
   * A preset of lighting.js: its lights replace the last preset's. Lights marked `camera` are children
   * of the camera, aimed ahead of it (a light's target defaults to the scene's origin).
   */
  setLighting(name) {
    const preset = LIGHTING[name];
    if (!preset) throw new Error(`unknown lighting ${JSON.stringify(name)}`);
    for (const light of this.lights) {
      light.removeFromParent();
      light.target?.removeFromParent();
      light.dispose?.();
    }
    const [skyColor, ground, skyIntensity] = preset.sky;
    const sky = new THREE.HemisphereLight(skyColor, ground, skyIntensity);
    this.scene.add(sky);
    this.lights = [sky];
    for (const l of preset.lights) {
      const light = new THREE.DirectionalLight(l.color, l.intensity);
      light.position.set(...l.position);
      if (l.camera) {
        light.target.position.set(0, 0, -1);
        this.camera.add(light, light.target);
      } else this.scene.add(light);
      this.lights.push(light);
    }
    this.renderer.toneMappingExposure = preset.exposure;
    this.lighting = name;
    this.requestRender();
  }

  /** The names of the model's clips: the walk, the idle and the held poses of its gender. */
  clipNames() {
    return this.clips.map((c) => c.name);
  }

  /**
   * Plays the named clip on a loop from its start, in its layer: `body` (the skeleton's clips) or
   * `face` (a face demo, on the head's blendshapes), each replacing only its own layer's clip, so a
   * face demo plays over a walk. null stops the layer: the body back in its bind pose, the face
   * back to its blends (the mixer restores what a stopped clip moved).
   */
  play(name, layer = 'body') {
    const field = layer === 'face' ? 'face' : 'playing';
    this.actions[layer]?.stop();
    this.actions[layer] = null;
    this[field] = null;
    if (name) {
      let clip = this.clips.find((c) => c.name === name);
      if (!clip) throw new Error(`the avatar has no animation ${JSON.stringify(name)}; it has ${this.clipNames().join(', ')}`);
      // Over a body clip a face demo plays its blendshapes only, as the export writes it: the
      // body's clip turns the head.
      if (layer === 'face' && this.playing) clip = faceOnly(clip);
      this.actions[layer] = this.mixer.clipAction(clip).reset().play();
      this[field] = name;
      this.clock.getDelta();
    } else if (layer === 'body') {
      // Back to the bind pose: the mixer leaves the bones where the clip had them.
      this.model?.traverse((o) => { if (o.isSkinnedMesh) o.skeleton.pose(); });
    }
    // A face demo takes or gives up its head turn as a body clip starts or stops.
    if (layer === 'body' && this.face) this.play(this.face, 'face');
    this.requestRender();
  }

  /** Weights by morph target name, on every part that has the target (head, lashes, teeth, haircut). */
  setMorphs(weights) {
    for (const mesh of this.morphMeshes) {
      for (const [name, w] of Object.entries(weights)) {
        const i = mesh.morphTargetDictionary[name];
        if (i !== undefined) mesh.morphTargetInfluences[i] = w;
      }
    }
    this.requestRender();
  }

  /** Lip sync's visemes_15 weights; the export names a target `visemes_15.AA` where another set has an `AA`. */
  setVisemes(weights) {
    for (const mesh of this.morphMeshes) {
      for (const [name, w] of Object.entries(weights)) {
        const i = mesh.morphTargetDictionary[name] ?? mesh.morphTargetDictionary[`visemes_15.${name}`];
        if (i !== undefined) mesh.morphTargetInfluences[i] = w;
      }
    }
    this.requestRender();
  }

  /** Whether the head has a morph target of that name (plain or set-qualified). */
  hasMorph(name, set) {
    return this.morphMeshes.some((m) => m.name === 'AvatarHead' && (m.morphTargetDictionary[name] !== undefined || m.morphTargetDictionary[`${set}.${name}`] !== undefined));
  }

  /** `head`: the head and upper bust; `body`: the whole avatar. */
  frame(mode, aspect = this.camera.aspect) {
    const box = this.box;
    if (!box) return;
    const size = box.getSize(new THREE.Vector3());
    const height = size.y;
    const target = new THREE.Vector3();
    let span;
    if (mode === 'head') {
      // The head is the top eighth of a standing figure, a bust about twice that.
      target.set((box.min.x + box.max.x) / 2, box.max.y - height * 0.1, (box.min.z + box.max.z) / 2);
      span = height * 0.24;
    } else {
      box.getCenter(target);
      span = height * 1.08;
    }
    const width = mode === 'head' ? span * 0.9 : Math.max(size.x, span * 0.4);
    const tan = Math.tan(THREE.MathUtils.degToRad(this.camera.fov) / 2);
    const dist = Math.max(span / 2 / tan, width / 2 / (tan * aspect)) + size.z / 2;
    this.camera.position.set(target.x, target.y, target.z + dist);
    this.controls.target.copy(target);
    this.camera.updateProjectionMatrix();
    this.controls.update();
  }

  /** A PNG of the avatar at this size and framing (`view`: as the user sees it), drawn on the viewer's own renderer and then put back. */
  async screenshot(width, height, mode) {
    const saved = { pos: this.camera.position.clone(), target: this.controls.target.clone(), aspect: this.camera.aspect };
    const size = this.renderer.getSize(new THREE.Vector2());
    const ratio = this.renderer.getPixelRatio();
    this.renderer.setPixelRatio(1);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    if (mode === 'view') this.camera.updateProjectionMatrix();
    else this.frame(mode, width / height);
    this.renderer.render(this.scene, this.camera);
    // toBlob copies the drawing buffer as it is now, before the browser presents or clears it.
    const blob = await new Promise((resolve) => this.renderer.domElement.toBlob(resolve, 'image/png'));
    this.renderer.setPixelRatio(ratio);
    this.renderer.setSize(size.x, size.y, false);
    this.camera.aspect = saved.aspect;
    this.camera.position.copy(saved.pos);
    this.controls.target.copy(saved.target);
    this.camera.updateProjectionMatrix();
    this.requestRender();
    return blob;
  }
}

/** A face demo without its head turn: the tracks of blendshape weights only, one clip per demo. */
const faceOnlyClips = new WeakMap();
function faceOnly(clip) {
  let only = faceOnlyClips.get(clip);
  if (!only) {
    only = new THREE.AnimationClip(`${clip.name}`, clip.duration, clip.tracks.filter((t) => t.name.endsWith('.morphTargetInfluences')));
    faceOnlyClips.set(clip, only);
  }
  return only;
}
