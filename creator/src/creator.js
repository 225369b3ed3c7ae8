/**
 * The creator's protocol (../shared/spec/creator.md): messages from the host page in, events out, the
 * same for both variants except where the spec tells Desktop and Mobile apart (`variant`).
 */
import * as api from './api.js';
import { BLENDS, exportValues, morphWeights, readBlends } from './blends.js';
import { DEFAULT_EXPORT, readExportParameters, restParameters, viewerParameters } from './exportParameters.js';
import { jpegBytes, readImage } from './photo.js';
import { askMissing } from './prompts.js';
import { applyUi, buildAnimations, buildHaircuts, buildPanel, showProgress } from './ui.js';

const SOURCE = 'persona_creator';
const GENDERS = ['male', 'female'];
const AGES = ['adult', 'teen15', 'teen12'];

export function startCreator(variant) {
  const status = { isLoaded: false, isAuthenticated: false };
  window.personaCreator = status;
  const desktop = variant === 'desktop';
  const host = window.parent !== window ? window.parent : window;

  let exportDefaults = { ...DEFAULT_EXPORT };
  let avatar = null; // { code, gender, values, haircut }
  let viewer = null;
  let busy = null; // the action running: one at a time
  let photoUrl = null;
  let screenshotUrl = null;
  const available = { avatar_generation: false, avatar_export: false, avatar_screenshot: false };

  const emit = (eventName, fields = {}) => host.postMessage({ ...fields, eventName, source: SOURCE }, '*');
  const fail = (failedEventName, reason) => emit('message_processing_error', { failedEventName, reason });

  function refreshAvailability() {
    const now = {
      avatar_generation: status.isAuthenticated && busy === null,
      avatar_export: status.isAuthenticated && busy === null && avatar !== null && viewer?.model != null,
      avatar_screenshot: busy === null && viewer?.model != null,
    };
    for (const [actionName, isAvailable] of Object.entries(now)) {
      if (available[actionName] === isAvailable) continue;
      available[actionName] = isAvailable;
      emit('action_availability_changed', { actionName, isAvailable });
    }
  }

  async function exclusive(name, work) {
    if (busy !== null) throw new Error(`${busy} is still running`);
    busy = name;
    refreshAvailability();
    try {
      return await work();
    } finally {
      busy = null;
      showProgress(null);
      refreshAvailability();
    }
  }

  const viewerReady = (async () => {
    const { Viewer } = await import('./viewer.js');
    viewer = new Viewer(document.getElementById('viewer'));
    return viewer;
  });
  let viewerPromise = null;
  const getViewer = () => (viewerPromise ??= viewerReady());

  /** The blends panel moves the viewer's morph targets and remembers the values the export bakes. */
  function setBlend(name, value) {
    if (!avatar) return;
    avatar.values[name] = value;
    viewer?.setMorphs(morphWeights(avatar.values));
  }
  buildPanel(variant, BLENDS, setBlend);

  /** `animation`: the clip to play (null: none); undefined keeps the one playing when the new model has it. */
  async function showModel(code, gender, values, haircut, animation) {
    showProgress('Loading the avatar', 0.9);
    const exp = await findOrMakeViewerExport(code, haircut);
    const v = await getViewer();
    await v.load(exp.public_file);
    avatar = { code, gender, values: { ...values }, haircut };
    v.setMorphs(morphWeights(avatar.values));
    buildPanel(variant, BLENDS, setBlend, avatar.values);
    if (animation !== undefined) v.play(animation);
    buildAnimations(v.clipNames(), v.playing, (name) => v.play(name));
    const choices = await api.haircutChoices(gender).catch(() => []);
    buildHaircuts(choices, haircut, (id) => changeHaircut(id));
  }

  /** Another haircut is another viewer export (made once per haircut and reused); the blends stay. */
  function changeHaircut(id) {
    if (!avatar || id === avatar.haircut) return;
    const { code, gender, values } = avatar;
    exclusive('hairstyle', () => showModel(code, gender, values, id)).catch((e) => fail('hairstyle', e.message));
  }

  async function findOrMakeViewerExport(code, haircut) {
    const wanted = viewerParameters(haircut);
    const same = (e) => e.parameters?.make_public_direct && e.parameters?.lod === 'LOD2' && e.status !== 'Failed'
      && JSON.stringify(e.parameters?.blendshapes?.list) === JSON.stringify(wanted.blendshapes.list)
      && JSON.stringify(e.parameters?.haircuts?.list) === JSON.stringify(wanted.haircuts.list)
      && !e.parameters?.blendshapes?.values;
    const list = await api.listExports(code);
    const made = (list.results ?? list).find(same);
    if (made) return made.status === 'Completed' ? made : api.waitExport(made.url);
    return api.createExport(code, viewerParameters(haircut));
  }

  const handlers = {
    async authenticate(m) {
      // exportTemplateCode: undocumented, sent by integrations written for the anchor; accepted, nothing to apply yet.
      const { accessToken, clientId, clientSecret } = m;
      try {
        if (typeof accessToken === 'string' && accessToken) await api.authenticate({ accessToken });
        else if (typeof clientId === 'string' && typeof clientSecret === 'string' && clientId && clientSecret) await api.authenticate({ clientId, clientSecret });
        else throw new Error('authenticate needs an accessToken, or a clientId and a clientSecret');
        status.isAuthenticated = true;
        if (desktop) emit('authentication_status', { isAuthenticated: true });
      } catch (e) {
        status.isAuthenticated = false;
        if (desktop) emit('authentication_status', { isAuthenticated: false, errorMessage: e.message });
      }
      refreshAvailability();
    },

    set_export_parameters(m) {
      exportDefaults = { ...exportDefaults, ...readExportParameters(m, variant) };
    },

    set_ui_parameters(m) {
      applyUi(variant, m);
    },

    async generate_avatar(m) {
      if (!status.isAuthenticated) throw new Error('not authenticated: send authenticate first');
      // Desktop may leave the gender empty: the user is asked (the spec).
      const askGender = desktop && (m.gender === undefined || m.gender === '' || m.gender === null);
      if (!askGender && !GENDERS.includes(m.gender)) throw new Error(`gender must be male or female, got ${JSON.stringify(m.gender)}`);
      const age = m.age === undefined || m.age === '' ? 'adult' : m.age;
      if (!AGES.includes(age)) throw new Error(`age must be adult, teen15 or teen12, got ${JSON.stringify(age)}`);
      const values = desktop && m.blends !== undefined ? readBlends(m.blends) : {};
      const photo = readImage(m.image);
      applyUi(variant, null);
      if (busy !== null) throw new Error(`${busy} is still running`);
      const { gender } = askGender ? await askMissing({ gender: '', age }) : { gender: m.gender };
      await exclusive('generate_avatar', async () => {
        showProgress('Making the avatar', 0);
        const haircut = 'HaircutGenerated';
        const done = await api.createAvatar({ photo, gender, age, exportParameters: viewerParameters(haircut) }, (a) => showProgress('Making the avatar', (a.progress ?? 0) / 100 * 0.8));
        if (photoUrl) URL.revokeObjectURL(photoUrl);
        photoUrl = URL.createObjectURL(new Blob([photo.bytes], { type: photo.type }));
        const fields = { avatarCode: done.code, gender, photoFileName: photo.name, photoUrl };
        if (desktop) fields.photoBytes = Array.from(await jpegBytes(photo));
        avatar = null;
        emit('model_generated', fields);
        await showModel(done.code, gender, values, haircut, null);
      });
    },

    async export_avatar(m) {
      if (!status.isAuthenticated) throw new Error('not authenticated: export is unavailable');
      if (!avatar || !viewer?.model) throw new Error('no avatar is open: generate or show one first');
      const p = { ...exportDefaults, ...(desktop ? readExportParameters(m, variant) : {}) };
      const parameters = restParameters(p, { haircut: avatar.haircut, values: exportValues(avatar.values), playing: viewer.playing });
      const shown = avatar;
      await exclusive('export_avatar', async () => {
        showProgress('Exporting', 0);
        const exp = await api.createExport(shown.code, parameters, (e) => showProgress('Exporting', (e.progress ?? 0) / 100));
        emit('model_exported', { url: exp.public_file, avatarCode: shown.code, gender: shown.gender, avatarState: avatarState(shown) });
      });
    },

    async make_screenshot(m) {
      const width = m.width ?? 640;
      const height = m.height ?? 480;
      const mode = m.mode ?? 'head';
      for (const [k, v] of [['width', width], ['height', height]]) {
        if (!Number.isInteger(v) || v < 16 || v > 4096) throw new Error(`${k} must be an integer in [16, 4096], got ${JSON.stringify(v)}`);
      }
      if (mode !== 'head' && mode !== 'body') throw new Error(`mode must be head or body, got ${JSON.stringify(mode)}`);
      if (!viewer?.model) throw new Error('no avatar is open: generate or show one first');
      const blob = await viewer.screenshot(width, height, mode);
      if (screenshotUrl) URL.revokeObjectURL(screenshotUrl);
      screenshotUrl = URL.createObjectURL(blob);
      const fields = { screenshotUrl };
      if (desktop) fields.imageBytes = Array.from(new Uint8Array(await blob.arrayBuffer()));
      emit('model_screenshot', fields);
    },

    async show_avatar(m) {
      if (!status.isAuthenticated) throw new Error('not authenticated: send authenticate first');
      if (typeof m.avatarCode !== 'string' || !m.avatarCode) throw new Error('avatarCode must be an avatar code');
      const state = readAvatarState(m.avatarState);
      await exclusive('show_avatar', async () => {
        const a = await api.getAvatar(m.avatarCode);
        if (a.pipeline !== 'persona_2.0') throw new Error(`avatar ${m.avatarCode} is a ${a.pipeline} avatar; the creator shows persona_2.0 avatars`);
        if (a.status !== 'Completed') throw new Error(`avatar ${m.avatarCode} is ${a.status}, not Completed`);
        applyUi(variant, null);
        await showModel(a.code, a.pipeline_subtype, state.blends, state.haircut, state.animation);
      });
    },
  };

  function avatarState(a) {
    return JSON.stringify({ version: 1, blends: a.values, haircut: a.haircut, animation: viewer?.playing ?? null });
  }

  function readAvatarState(text) {
    if (text === undefined || text === '') return { blends: {}, haircut: 'HaircutGenerated', animation: null };
    let state;
    try {
      state = typeof text === 'string' ? JSON.parse(text) : text;
    } catch {
      throw new Error('avatarState is not JSON: pass the avatarState of model_exported as it came');
    }
    if (!state || typeof state !== 'object') throw new Error('avatarState must be a JSON object');
    const blends = readBlends(Object.entries(state.blends ?? {}).map(([name, value]) => ({ name, value })));
    const haircut = typeof state.haircut === 'string' ? state.haircut : 'HaircutGenerated';
    if (state.animation != null && typeof state.animation !== 'string') throw new Error('avatarState.animation must be an animation name or null');
    return { blends, haircut, animation: state.animation ?? null };
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    // Not an object with an eventName, or our own event echoed back (WebView hosts do): not for us.
    if (!m || typeof m !== 'object' || Array.isArray(m) || typeof m.eventName !== 'string' || m.source === SOURCE) return;
    const handler = Object.hasOwn(handlers, m.eventName) ? handlers[m.eventName] : null;
    if (!handler) return;
    Promise.resolve()
      .then(() => handler(m))
      .catch((e) => fail(m.eventName, e instanceof Error ? e.message : String(e)));
  });

  status.isLoaded = true;
  emit('persona_creator_loaded');
  emit(desktop ? 'unity_loaded' : 'mobile_loaded');
  // The viewer's code (three.js) comes after loaded, so the host may configure the page meanwhile;
  // the loading screen (and its logo) stays until the viewer can draw.
  getViewer().finally(() => { document.getElementById('loading').hidden = true; });
  return { fail };
}
