/**
 * The page's controls. Nothing of them shows before set_ui_parameters (or the first action that
 * needs them), so a host that hides a control never sees it flash up first. The panels are tabs
 * named as skipViewerControls names them; a skipped panel has no tab.
 */
import { currentLanguage, onLanguage, setLanguage, t } from './i18n.js';
import { dataUrl } from './photo.js';
import { applyComputation, computationChoices, onComputationChange } from './computation.js';
import { askMissing } from './prompts.js';
import { sampleRequest, samplesFor } from './samples.js';
import { takeSelfie } from './selfie.js';

const $ = (id) => document.getElementById(id);
let applied = false;
let skipped = new Set();
let active = null;
const GENDERS = ['male', 'female'];
const AGES = ['adult', 'teen15', 'teen12'];
/** The gender and age set_ui_parameters settled ('' where the user is asked). */
let fixed = { gender: '', age: '' };
/** What set_ui_parameters asked of the panels: outfitsBlackList. */
export const settings = { blackList: new Set() };
/** Whether the sample avatars are offered (Desktop's showSampleAvatars, Mobile's isNoPhotoVisible). */
let samplesShown = false;
/** Desktop's showLatestCreatedAvatar (latest.js). */
let latestShown = true;
export const latestOffered = () => latestShown;
/** The gender and age settled before a photo: by the host, else by the computation parameters panel. */
const settled = () => ({ gender: fixed.gender || computationChoices().gender, age: fixed.age || computationChoices().age });

/**
 * The panels this creator has, in the spec's order: every panel the spec names, Desktop's and Mobile's.
 */
export const PANELS = {
  desktop: ['style', 'outfits', 'hairstyles', 'head_accessories', 'jewelry', 'hands_accessories', 'body', 'head', 'eyes', 'color', 'makeup', 'tattoo', 'animations', 'facial_animations', 'lighting'],
  mobile: ['outfits', 'hairstyles', 'glasses', 'age', 'body', 'head', 'color', 'animations', 'lighting'],
};

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
  settings.blackList = new Set(Array.isArray(p.outfitsBlackList) ? p.outfitsBlackList.filter((x) => typeof x === 'string') : []);
  $('export').hidden = !visible('isExportButtonVisible');
  $('screenshot').hidden = !visible('isScreenshotButtonVisible');
  $('browse').hidden = !visible('isBrowsePhotoButtonVisible');
  if (variant === 'mobile') {
    if (typeof p.exportButtonText === 'string' && p.exportButtonText) {
      $('export').textContent = p.exportButtonText;
      $('export').dataset.hostText = '1';
    }
    document.documentElement.dataset.theme = p.theme === 'light' ? 'light' : 'dark';
    // A gender or age given here is not asked (the spec's skipping rules).
    fixed = { gender: GENDERS.includes(p.gender) ? p.gender : '', age: AGES.includes(p.age) ? p.age : '' };
    $('home-button').hidden = !visible('isHomeButtonVisible');
    $('login-button').hidden = !visible('isLoginButtonVisible');
    samplesShown = visible('isNoPhotoVisible');
    if ($('panel').hidden) showHome();
  } else {
    $('selfie').hidden = !visible('isTakeSelfieButtonVisible');
    fixed = {
      gender: p.pipelineSelectionAvailable === false ? (p.defaultPipeline === 'female' ? 'female' : 'male') : '',
      // Without age selection avatars are 16+.
      age: p.ageSelectionAvailable === false ? 'adult' : '',
    };
    if (typeof p.personaLabelText === 'string') {
      $('label').textContent = p.personaLabelText;
      $('label').dataset.hostText = '1';
    }
    $('png').hidden = !visible('isPngButtonVisible', false);
    $('gif').hidden = !visible('isGifButtonVisible', false);
    samplesShown = visible('showSampleAvatars');
    latestShown = visible('showLatestCreatedAvatar');
    applyComputation(visible('computationParametersPanelVisible', false), fixed, p.defaultPipeline === 'female' ? 'female' : 'male');
    $('animate').hidden = !visible('isAnimateButtonVisible', false);
    $('mic').hidden = !visible('enableLipsync', false);
    $('language').hidden = !visible('isLanguageSelectionVisible');
    // English when empty or unset (the spec), as every key left out is back to its default.
    void setLanguage(p.language ?? 'EN').then(() => { $('language').value = currentLanguage(); });
  }
  refreshPanels();
  renderSamples();
  $('app').hidden = false;
}

/** A button per sample the user may pick, its face as the picture; the photo itself loads only when picked. */
function renderSamples() {
  const box = $('samples');
  if (!box) return;
  const offered = samplesShown ? samplesFor(settled().gender || homeGender) : [];
  box.hidden = offered.length === 0;
  box.querySelector('.sample-choices').replaceChildren(...offered.map((s) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', className: 'sample' });
    b.dataset.sample = s.name;
    b.setAttribute('aria-label', t(`sample.${s.gender}`));
    b.title = t(`sample.${s.gender}`);
    b.append(Object.assign(document.createElement('img'), { src: s.face, alt: '', loading: 'lazy', width: 64, height: 64 }));
    b.addEventListener('click', () => pickSample(s));
    return b;
  }));
}

let pickSample = () => {};

/** The tabs and their empty sections, in the spec's order, made once at start. */
export function buildPanels(variant) {
  const panel = $('panel');
  const tabs = Object.assign(document.createElement('nav'), { className: 'tabs' });
  panel.append(tabs);
  for (const control of PANELS[variant]) {
    const tab = Object.assign(document.createElement('button'), { type: 'button' });
    tab.dataset.tab = control;
    tab.dataset.i18n = `panel.${control}`;
    tab.textContent = t(`panel.${control}`);
    tab.addEventListener('click', () => openPanel(control));
    tabs.append(tab);
    const section = document.createElement('section');
    section.dataset.control = control;
    panel.append(section);
  }
}

export function openPanel(control) {
  active = control;
  refreshPanels();
}

/** Skipped panels lose their tab and section; one open panel at a time, the first left by default. */
function refreshPanels() {
  const sections = [...document.querySelectorAll('#panel section')];
  for (const s of sections) s.hidden = skipped.has(s.dataset.control);
  if (!active || skipped.has(active)) active = sections.find((s) => !s.hidden)?.dataset.control ?? null;
  for (const s of sections) s.classList.toggle('open', s.dataset.control === active);
  for (const tab of document.querySelectorAll('#panel .tabs button')) {
    tab.hidden = skipped.has(tab.dataset.tab);
    tab.setAttribute('aria-pressed', String(tab.dataset.tab === active));
  }
}

/** The panels show once an avatar is shown: before, they would change nothing. */
export function showPanels(shown) {
  $('panel').hidden = !shown;
}

/** A panel's section, emptied, for its builder to fill. */
export function panelSection(control) {
  const section = document.querySelector(`#panel section[data-control="${control}"]`);
  section?.replaceChildren();
  return section;
}

export function heading(text) {
  return Object.assign(document.createElement('h3'), { textContent: text });
}

/** One slider per blend, in the spec's range, in its panel. */
export function buildBlends(variant, blends, onChange, values = {}) {
  const filled = new Set();
  for (const b of blends) {
    const control = PANEL_OF[variant][b.group];
    const section = document.querySelector(`#panel section[data-control="${control}"]`);
    if (!filled.has(control)) {
      section.querySelectorAll('label.blend').forEach((l) => l.remove());
      filled.add(control);
    }
    const label = Object.assign(document.createElement('label'), { className: 'blend' });
    const input = document.createElement('input');
    Object.assign(input, { type: 'range', min: b.min, max: b.max, step: 0.01, value: values[b.name] ?? b.neutral, name: b.name });
    input.addEventListener('input', () => onChange(b.name, Number(input.value)));
    label.append(b.name.replace(/([a-z])([A-Z])/g, '$1 $2'), input);
    section.append(label);
  }
}

/** A row of choice buttons, the current one pressed; `onChange(value)` on a click. */
export function choices(options, current, onChange, attribute) {
  const list = Object.assign(document.createElement('div'), { className: 'choices' });
  for (const [value, label] of options) {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: label });
    b.dataset[attribute] = value ?? '';
    b.setAttribute('aria-pressed', String((current ?? null) === value));
    b.addEventListener('click', () => {
      for (const other of list.querySelectorAll('button')) other.setAttribute('aria-pressed', String(other === b));
      onChange(value);
    });
    list.append(b);
  }
  return list;
}

/** The hairstyles panel: a choice among the haircuts the export may name; the avatar's own comes first. */
export function buildHaircuts(names, current, onChange) {
  const section = panelSection('hairstyles');
  const select = Object.assign(document.createElement('select'), { name: 'haircut' });
  select.addEventListener('change', () => onChange(select.value));
  const all = ['HaircutGenerated', ...names.filter((c) => c !== 'HaircutGenerated')];
  select.replaceChildren(...all.map((n) => Object.assign(document.createElement('option'), { value: n, textContent: n === 'HaircutGenerated' ? t('fromPhoto') : n.replace(/_/g, ' ') })));
  select.value = current;
  section.append(heading(t('panel.hairstyles')), select);
}

/** `Male_Pose_03` → `Pose 03`, `Female_Animation_WalkRelaxed` → `Walk relaxed`. */
export function animationLabel(name) {
  const bare = name.replace(/^(Male|Female)_/, '').replace(/^Animation_/, '');
  const words = bare.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, (_, a, b) => `${a} ${b.toLowerCase()}`);
  // A numbered pose is the word and its number in every language.
  const numbered = /^Pose (\d+)$/.exec(words);
  return numbered ? `${t('pose')} ${numbered[1]}` : t(words);
}

/** The animations panel: the avatar's own clips as buttons, the one playing pressed; Stand still stops. */
export function buildAnimations(names, current, onChange) {
  const section = panelSection('animations');
  const body = names.filter((n) => !FACE_DEMOS.includes(n));
  section.append(heading(t('panel.animations')), choices([[null, t('standStill')], ...body.map((n) => [n, animationLabel(n)])], current, onChange, 'animation'));
}

/** The spec's facial animations, which every persona_2.0 export has once its head carries mobile_51. */
export const FACE_DEMOS = ['FaceDemo_001', 'FaceDemo_002', 'FaceDemo_003', 'FaceDemo_004', 'FaceDemo_005'];

/**
 * Desktop's facial animations panel: None, then the five face demos. A face demo plays over the
 * body's clip (a walk, a pose), and the export holds both.
 */
export function buildFaceDemos(current, onChange) {
  const section = panelSection('facial_animations');
  if (!section) return;
  section.append(heading(t('panel.facial_animations')), choices([[null, t('none')], ...FACE_DEMOS.map((n, i) => [n, `${t('faceDemo')} ${i + 1}`])], current, onChange, 'face'),
    Object.assign(document.createElement('p'), { className: 'note', textContent: t('faceDemoNote') }));
}

/** A progress bar over the viewer; null hides it. */
export function showProgress(textKey, fraction) {
  const box = $('progress');
  box.hidden = textKey === null;
  if (textKey === null) return;
  box.querySelector('span').textContent = t(textKey);
  box.querySelector('progress').value = Math.max(0, Math.min(1, fraction));
}

/**
 * Mobile's home screen: the gender question, then the photo choice (selfie, browse). A gender the
 * host set skips the question, and the home button then comes back to the photo choice (the spec).
 */
let homeGender = '';
export function showHome() {
  if (!$('home')) return;
  homeGender = '';
  $('home-gender').hidden = Boolean(fixed.gender);
  $('home-photo').hidden = !fixed.gender;
  renderSamples();
  // Once an avatar is shown, the home screen can be left for it again.
  $('home-back').hidden = $('panel').hidden;
  $('home').hidden = false;
}

export function hideHome() {
  if ($('home')) $('home').hidden = true;
}

/** The page's own buttons go through the same messages as a host's; a photo asks what the UI parameters left open. */
export function wireButtons(fail, emit) {
  const send = (m) => window.postMessage(m, '*');
  const generate = async (image) => {
    const { gender, age } = await askMissing({ gender: settled().gender || homeGender, age: settled().age });
    hideHome();
    send({ eventName: 'generate_avatar', gender, age, image });
  };
  for (const b of document.querySelectorAll('#home-gender [data-gender]')) {
    b.addEventListener('click', () => {
      homeGender = b.dataset.gender;
      $('home-gender').hidden = true;
      $('home-photo').hidden = false;
      renderSamples();
    });
  }
  // A sample: its photo fetched (a file of the page's own), then made as any photo is.
  pickSample = async (sample) => {
    const fromHome = $('home') && !$('home').hidden;
    hideHome();
    try {
      const res = await fetch(sample.photo);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      send(sampleRequest(sample, settled().age, await dataUrl(await res.blob())));
    } catch (e) {
      if (fromHome) showHome();
      fail('sample', `the sample photo could not be loaded: ${e.message}`);
    }
  };
  $('home-button')?.addEventListener('click', showHome);
  // The service has no end-user accounts: signing the user in is the host's, which answers with an
  // `authenticate` carrying that user's token. The event carries nothing of the page's own credentials.
  $('login-button')?.addEventListener('click', () => emit('login_requested'));
  $('home-back')?.addEventListener('click', hideHome);
  $('export').addEventListener('click', () => send({ eventName: 'export_avatar' }));
  $('screenshot').addEventListener('click', () => send({ eventName: 'make_screenshot' }));
  $('browse').addEventListener('click', () => $('file').click());
  $('selfie').addEventListener('click', async () => {
    // The camera and the age question go over the viewer, which Mobile's home screen covers.
    const fromHome = $('home') && !$('home').hidden;
    hideHome();
    try {
      const image = await takeSelfie();
      if (image) await generate(image);
      else if (fromHome) showHome();
    } catch (e) {
      if (fromHome) showHome();
      // No camera, or the user refused it: said as a failed action of the user's is.
      fail('selfie', `the camera could not be used: ${e.message}`);
    }
  });
  $('file').addEventListener('change', () => {
    const file = $('file').files?.[0];
    if (!file) return;
    hideHome();
    const reader = new FileReader();
    reader.onload = () => generate(reader.result);
    reader.readAsDataURL(file);
    $('file').value = '';
  });
  $('language')?.addEventListener('change', () => void setLanguage($('language').value));
  onLanguage(renderSamples);
  onComputationChange(renderSamples);
  onLanguage(() => {
    if ($('language')) $('language').value = currentLanguage();
  });
}

/** The gender and age the UI parameters fixed, or the computation parameters panel holds ('' where the user is asked). */
export const fixedChoices = () => settled();
