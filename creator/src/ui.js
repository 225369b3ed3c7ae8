/**
 * The page's controls. Nothing of them shows before set_ui_parameters (or the first action that
 * needs them), so a host that hides a control never sees it flash up first.
 */
const $ = (id) => document.getElementById(id);
let applied = false;
let skipped = new Set();

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
    if (p.gender === 'male' || p.gender === 'female') $('gender').value = p.gender;
    $('gender').hidden = p.gender === 'male' || p.gender === 'female';
  } else {
    if (p.pipelineSelectionAvailable === false) {
      $('gender').value = p.defaultPipeline === 'female' ? 'female' : 'male';
      $('gender').hidden = true;
    }
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
  let section = document.querySelector('#panel section[data-control="hairstyles"]');
  if (!section) {
    section = document.createElement('section');
    section.dataset.control = 'hairstyles';
    const h = document.createElement('h3');
    h.textContent = 'Hairstyles';
    const select = document.createElement('select');
    select.name = 'haircut';
    select.addEventListener('change', () => onChange(select.value));
    section.append(h, select);
    $('panel').prepend(section);
  }
  const select = section.querySelector('select');
  const names = ['HaircutGenerated', ...choices.filter((c) => c !== 'HaircutGenerated')];
  select.replaceChildren(...names.map((n) => Object.assign(document.createElement('option'), { value: n, textContent: n === 'HaircutGenerated' ? 'From the photo' : n.replace(/_/g, ' ') })));
  select.value = current;
  section.hidden = skipped.has('hairstyles');
}

/** A progress bar over the viewer; null hides it. */
export function showProgress(text, fraction) {
  const box = $('progress');
  box.hidden = text === null;
  if (text === null) return;
  box.querySelector('span').textContent = text;
  box.querySelector('progress').value = Math.max(0, Math.min(1, fraction));
}

/** The page's own buttons go through the same messages as a host's. */
export function wireButtons() {
  const send = (m) => window.postMessage(m, '*');
  $('export').addEventListener('click', () => send({ eventName: 'export_avatar' }));
  $('screenshot').addEventListener('click', () => send({ eventName: 'make_screenshot' }));
  $('browse').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', () => {
    const file = $('file').files?.[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => send({ eventName: 'generate_avatar', gender: $('gender').value, image: reader.result });
    reader.readAsDataURL(file);
  });
}
