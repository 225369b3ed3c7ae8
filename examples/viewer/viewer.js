// A three.js viewer for Likeness exports: loads a GLB, plays its morph targets (the ARKit
// blendshapes of mobile_51, visemes, …) from sliders, and for bodies its named animations (walk,
// idle). Open it with `node examples/viewer/serve.mjs [model.glb]`.
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

const view = document.getElementById('view');
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(window.devicePixelRatio);
// glTF base colour textures are sRGB; three.js decodes them so when the output is sRGB too.
renderer.outputColorSpace = THREE.SRGBColorSpace;
view.appendChild(renderer.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x2a2d35);
scene.add(new THREE.HemisphereLight(0xffffff, 0x444455, 1.6));
const sun = new THREE.DirectionalLight(0xffffff, 1.8);
sun.position.set(1, 2, 3);
scene.add(sun);

const camera = new THREE.PerspectiveCamera(30, 1, 0.01, 100);
const controls = new OrbitControls(camera, renderer.domElement);
const timer = new THREE.Timer();
let mixer = null;
let model = null;

/** What the page shows, for scripts and tests: the morph target names and the clips. */
window.viewer = { morphs: [], clips: [], loaded: false, setMorph, playClip, weight };

function resize() {
  const { clientWidth: w, clientHeight: h } = view;
  renderer.setSize(w, h, false);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
}
window.addEventListener('resize', resize);
resize();

renderer.setAnimationLoop((time) => {
  timer.update(time);
  mixer?.update(timer.getDelta());
  controls.update();
  renderer.render(scene, camera);
});

/** Every mesh holding a morph target of this name (the head, and eyes or teeth that share it). */
function meshesWith(name) {
  const out = [];
  model?.traverse((o) => o.morphTargetDictionary && name in o.morphTargetDictionary && out.push(o));
  return out;
}

/** The weight a morph target has on the mesh now. */
function weight(name) {
  const [mesh] = meshesWith(name);
  return mesh ? mesh.morphTargetInfluences[mesh.morphTargetDictionary[name]] : undefined;
}

function setMorph(name, weight) {
  for (const mesh of meshesWith(name)) mesh.morphTargetInfluences[mesh.morphTargetDictionary[name]] = weight;
  const slider = document.querySelector(`input[data-morph="${CSS.escape(name)}"]`);
  if (slider) slider.value = String(weight);
}

function playClip(name) {
  mixer?.stopAllAction();
  const clip = window.viewer.clips.includes(name) && model.animations.find((c) => c.name === name);
  if (clip) mixer.clipAction(clip).play();
  document.getElementById('clips').value = clip ? name : '';
}

function frame(object) {
  // Likeness exports are in metres, +Y up, facing +Z: frame the model from the front.
  const box = new THREE.Box3().setFromObject(object);
  const size = box.getSize(new THREE.Vector3());
  const centre = box.getCenter(new THREE.Vector3());
  const distance = (Math.max(size.y, size.x) / 2 / Math.tan(THREE.MathUtils.degToRad(camera.fov / 2))) * 1.3;
  camera.position.set(centre.x, centre.y, centre.z + distance + size.z / 2);
  camera.near = distance / 100;
  camera.far = distance * 100;
  camera.updateProjectionMatrix();
  controls.target.copy(centre);
}

function show(gltf) {
  if (model) scene.remove(model);
  model = gltf.scene;
  model.animations = gltf.animations;
  scene.add(model);
  frame(model);
  mixer = new THREE.AnimationMixer(model);

  const names = new Set();
  model.traverse((o) => o.morphTargetDictionary && Object.keys(o.morphTargetDictionary).forEach((n) => names.add(n)));
  window.viewer.morphs = [...names];
  const morphs = document.getElementById('morphs');
  morphs.replaceChildren(
    ...window.viewer.morphs.map((name) => {
      const label = document.createElement('label');
      label.className = 'morph';
      label.innerHTML = `<span title="${name}">${name}</span><input type="range" min="0" max="1" step="0.01" value="0">`;
      const input = label.querySelector('input');
      input.dataset.morph = name;
      input.addEventListener('input', () => setMorph(name, Number(input.value)));
      return label;
    }),
  );

  window.viewer.clips = gltf.animations.map((c) => c.name);
  const clips = document.getElementById('clips');
  clips.replaceChildren(new Option('none', ''), ...window.viewer.clips.map((n) => new Option(n, n)));
  if (window.viewer.clips.length) playClip(window.viewer.clips[0]);
  document.getElementById('drop').style.display = 'none';
  window.viewer.loaded = true;
}

const loader = new GLTFLoader();
/** A URL (textures beside it are found), or a dropped file (then export with embed_textures: true). */
async function open(source) {
  show(source instanceof Blob ? await loader.parseAsync(await source.arrayBuffer(), '') : await loader.loadAsync(source));
}

document.getElementById('file').addEventListener('change', (e) => e.target.files[0] && open(e.target.files[0]));
document.getElementById('clips').addEventListener('change', (e) => playClip(e.target.value));
document.getElementById('reset').addEventListener('click', () => window.viewer.morphs.forEach((n) => setMorph(n, 0)));
view.addEventListener('dragover', (e) => e.preventDefault());
view.addEventListener('drop', (e) => {
  e.preventDefault();
  if (e.dataTransfer.files[0]) open(e.dataTransfer.files[0]);
});

const fromQuery = new URLSearchParams(location.search).get('model');
if (fromQuery) open(fromQuery).catch((err) => (document.getElementById('drop').textContent = `Could not load ${fromQuery}: ${err.message}`));
