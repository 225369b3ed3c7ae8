/**
 * The page's controls. Nothing of them shows before set_ui_parameters (or the first action that
 * needs them), so a host that hides a control never sees it flash up first.
 */
import { askMissing } from './prompts.js';
import { takeSelfie } from './selfie.js';

const $ = (id) => document.getElementById(id);
let applied = false;
let skipped = new Set();
const GENDERS = ['male', 'female'];
const AGES = ['adult', 'teen15', 'teen12'];
/** The gender and age set_ui_parameters settled ('' where the user is asked). */
let fixed = { gender: '', age: '' };

/** Desktop and Mobile name their panels differently (skipViewerControls); eyes sit under head on Mobile. */
const PANEL_OF = {
  desktop: { body: 'body', head: 'head', eyes: 'eyes' },
  mobile: { body: 'body', head: 'head', eyes: 'head' },
};

/** Applies set_ui_parameters over the defaults; null applies the defaults once, if nothing was applied yet. */
export function applyUi(variant, params) {
  if (params === null && applied) return;
  applied = true;
  const p = params ?? {};
  const visible = (key, fallback = true) => (typeof p[key] === 'boolean' ? p[key] : fallback);
  skipped = new Set(Array.isArray(p.skipViewerControls) ? p.skipViewerControls : []);
  $('export').hidden = !visible('isExportButtonVisible');
  $('screenshot').hidden = !visible('isScreenshotButtonVisible');
  $('browse').hidden = !visible('isBrowsePhotoButtonVisible');
  if (variant === 'mobile') {
    if (typeof p.exportButtonText === 'string' && p.exportButtonText) $('export').textContent = p.exportButtonText;
    document.documentElement.dataset.theme = p.theme === 'light' ? 'light' : 'dark';
    // A gender or age given here is not asked (the spec's skipping rules).
    fixed = { gender: GENDERS.includes(p.gender) ? p.gender : '', age: AGES.includes(p.age) ? p.age : '' };
  } else {
    $('selfie').hidden = !visible('isTakeSelfieButtonVisible');
    fixed = {
      gender: p.pipelineSelectionAvailable === false ? (p.defaultPipeline === 'female' ? 'female' : 'male') : '',
      // Without age selection avatars are 16+.
      age: p.ageSelectionAvailable === false ? 'adult' : '',
    };
    if (typeof p.personaLabelText === 'string') $('label').textContent = p.personaLabelText;
  }
  for (const section of document.querySelectorAll('#panel section')) section.hidden = skipped.has(section.dataset.control);
  $('app').hidden = false;
}

/** One slider per blend, in the spec's range, grouped by panel. */
export function buildPanel(variant, blends, onChange, values = {}) {
  const panel = $('panel');
  panel.replaceChildren();
  const sections = new Map();
  for (const b of blends) {
    const control = PANEL_OF[variant][b.group];
    let section = sections.get(control);
    if (!section) {
      section = document.createElement('section');
      section.dataset.control = control;
      const h = document.createElement('h3');
      h.textContent = control[0].toUpperCase() + control.slice(1);
      section.append(h);
      sections.set(control, section);
      panel.append(section);
    }
    const label = document.createElement('label');
    const input = document.createElement('input');
    Object.assign(input, { type: 'range', min: b.min, max: b.max, step: 0.01, value: values[b.name] ?? b.neutral, name: b.name });
    input.addEventListener('input', () => onChange(b.name, Number(input.value)));
    label.append(b.name.replace(/([a-z])([A-Z])/g, '$1 $2'), input);
    section.append(label);
  }
  for (const section of panel.querySelectorAll('section')) section.hidden = skipped.has(section.dataset.control);
}

/** The hairstyles panel: a choice among the haircuts the export may name; the avatar's own comes first. */
export function buildHaircuts(choices, current, onChange) {
  const section = ownSection('hairstyles', 'Hairstyles');
  let select = section.querySelector('select');
  if (!select) {
    select = Object.assign(document.createElement('select'), { name: 'haircut' });
    select.addEventListener('change', () => onChange(select.value));
    section.append(select);
  }
  const names = ['HaircutGenerated', ...choices.filter((c) => c !== 'HaircutGenerated')];
  select.replaceChildren(...names.map((n) => Object.assign(document.createElement('option'), { value: n, textContent: n === 'HaircutGenerated' ? 'From the photo' : n.replace(/_/g, ' ') })));
  select.value = current;
}

/** A panel section of its own (hairstyles, animations), made once, before the blends' sections. */
function ownSection(control, title) {
  let section = document.querySelector(`#panel section[data-control="${control}"]`);
  if (!section) {
    section = document.createElement('section');
    section.dataset.control = control;
    const h = document.createElement('h3');
    h.textContent = title;
    section.append(h);
    $('panel').prepend(section);
  }
  section.hidden = skipped.has(control);
  return section;
}

/** `Male_Pose_03` → `Pose 03`, `Female_Animation_WalkRelaxed` → `Walk relaxed`. */
export function animationLabel(name) {
  const bare = name.replace(/^(Male|Female)_/, '').replace(/^Animation_/, '');
  return bare.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, (_, a, b) => `${a} ${b.toLowerCase()}`);
}

/** The animations panel: the avatar's own clips as buttons, the one playing pressed; Stand still stops. */
export function buildAnimations(names, current, onChange) {
  const section = ownSection('animations', 'Animations');
  let list = section.querySelector('.choices');
  if (!list) {
    list = document.createElement('div');
    list.className = 'choices';
    section.append(list);
  }
  const button = (name, label) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: label });
    b.dataset.animation = name ?? '';
    b.setAttribute('aria-pressed', String((current ?? null) === name));
    b.addEventListener('click', () => {
      for (const other of list.querySelectorAll('button')) other.setAttribute('aria-pressed', String(other === b));
      onChange(name);
    });
    return b;
  };
  list.replaceChildren(button(null, 'Stand still'), ...names.map((n) => button(n, animationLabel(n))));
}

/** A progress bar over the viewer; null hides it. */
export function showProgress(text, fraction) {
  const box = $('progress');
  box.hidden = text === null;
  if (text === null) return;
  box.querySelector('span').textContent = text;
  box.querySelector('progress').value = Math.max(0, Math.min(1, fraction));
}

/** The page's own buttons go through the same messages as a host's; a photo asks what the UI parameters left open. */
export function wireButtons(fail) {
  const send = (m) => window.postMessage(m, '*');
  const generate = async (image) => {
    const { gender, age } = await askMissing(fixed);
    send({ eventName: 'generate_avatar', gender, age, image });
  };
  $('export').addEventListener('click', () => send({ eventName: 'export_avatar' }));
  $('screenshot').addEventListener('click', () => send({ eventName: 'make_screenshot' }));
  $('browse').addEventListener('click', () => $('file').click());
  $('selfie').addEventListener('click', async () => {
    try {
      const image = await takeSelfie();
      if (image) await generate(image);
    } catch (e) {
      // No camera, or the user refused it: said as a failed action of the user's is.
      fail('selfie', `the camera could not be used: ${e.message}`);
    }
  });
  $('file').addEventListener('change', () => {
    const file = $('file').files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => generate(reader.result);
    reader.readAsDataURL(file);
    $('file').value = '';
  });
}
