/**
 * The creator's protocol (../shared/spec/creator.md): messages from the host page in, events out, the
 * same for both variants except where the spec tells Desktop and Mobile apart (`variant`).
 */
import * as api from './api.js';
import { encodeAvatarState, readAvatarState } from './avatarState.js';
import { BLENDS, exportValues, morphWeights, readBlends } from './blends.js';
import { DEFAULT_EXPORT, readExportParameters, restParameters, viewerKey, viewerParameters } from './exportParameters.js';
import { onLanguage } from './i18n.js';
import { withMakeup } from './makeup.js';
import { withTattoo } from './tattoo.js';
import { blacklisted, emptyLook, lookKey, wear, withColor, withHaircut } from './look.js';
import { styled } from './styles.js';
import { dataUrl, jpegBytes, readImage } from './photo.js';
import { computationChoices } from './computation.js';
import { offerLatest, wireLatest } from './latest.js';
import { askMissing } from './prompts.js';
import { applyUi, buildAnimations, buildBlends, buildFaceDemos, buildHaircuts, buildPanels, hideHome, latestOffered, settings, showPanels, showProgress } from './ui.js';

const SOURCE = 'persona_creator';
const GENDERS = ['male', 'female'];
const AGES = ['adult', 'teen15', 'teen12'];
/** The comment of the viewer's exports, by which a look's export is found again (show_avatar, a reload). */
const VIEWER_COMMENT = 'likeness creator viewer: ';

export function startCreator(variant) {
  const status = { isLoaded: false, isAuthenticated: false };
  window.personaCreator = status;
  const desktop = variant === 'desktop';
  const host = window.parent !== window ? window.parent : window;
  const $ = (id) => document.getElementById(id);

  let exportDefaults = { ...DEFAULT_EXPORT };
  let avatar = null; // { code, gender, values, look, sets }: the avatar shown, as the viewer shows it
  let viewer = null;
  let panels = null; // panels.js, loaded with the viewer
  let busy = null; // the action running: one at a time
  let photoUrl = null;
  /** The photo of the avatar this page made last, with its gender and age: Mobile's age panel makes it again at another age. */
  let source = null;
  let screenshotUrl = null;
  const available = { avatar_generation: false, avatar_export: false, avatar_screenshot: false };
  /** The viewer's export of each look, by avatar and look: a look seen before comes back at once. */
  const viewerExports = new Map();
  /**
   * Blendshape sets the viewer's models carry beyond the blends': `mobile_51` once a face demo is
   * asked for. Asked for only then, since they make the model larger and slower to load.
   */
  const shapes = new Set();
  /** The face demo to play once the model that has it is shown. */
  let pendingFace = null;

  /** Desktop's latest avatar button (latest.js), looked up again when what it depends on changes. */
  const refreshLatest = () => { if (desktop) void offerLatest(latestOffered(), avatar?.code); };
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
    const [{ Viewer }, loaded] = await Promise.all([import('./viewer.js'), import('./panels.js')]);
    panels = loaded;
    viewer = new Viewer(document.getElementById('viewer'));
    return viewer;
  });
  let viewerPromise = null;
  const getViewer = () => (viewerPromise ??= viewerReady());

  /**
   * The blends panel moves the viewer's morph targets and remembers the values the export bakes.
   * Outfits and the items on the body carry the body's targets, so a body slider moves the cloth
   * with the body and no new model is made.
   */
  function setBlend(name, value) {
    if (!avatar) return;
    avatar.values[name] = value;
    viewer?.setMorphs(morphWeights(avatar.values));
  }

  buildPanels(variant);

  /**
   * Shows `look` of the avatar: its viewer export, found or made, loaded. `values` null keeps the
   * blends of the avatar shown; `animation` (the body's clip) and `face` (a face demo) undefined keep
   * what plays when the new model has it.
   */
  async function showModel({ code, gender, values, look, animation, face, sets, progress = 'loadingAvatar' }) {
    showProgress(progress, 0.9);
    const extra = [...shapes].sort();
    const exp = await viewerExport(code, look, extra);
    const v = await getViewer();
    const another = avatar?.code !== code;
    await v.load(exp.public_file, another);
    // Blends moved while the model loaded are kept: `values` null takes the avatar's as they are now.
    avatar = { code, gender, values: { ...(values ?? avatar?.values ?? {}) }, look, sets, shapes: extra };
    if (another) refreshLatest();
    v.setMorphs(morphWeights(avatar.values));
    if (pendingFace && v.clipNames().includes(pendingFace)) face = pendingFace;
    pendingFace = null;
    if (animation !== undefined) v.play(animation);
    if (face !== undefined) v.play(face, 'face');
    renderPanels();
    // The model lip sync waited for is shown: it starts; a new model keeps a running lip sync's mouth moving.
    if (pendingLipsync && v.hasMorph('AA', 'visemes_15')) {
      pendingLipsync = false;
      toggleLipsync().catch((e) => fail('lipsync', `the microphone could not be used: ${e.message}`));
    }
  }

  function renderPanels() {
    if (!avatar || !viewer) return;
    buildBlends(variant, BLENDS, setBlend, avatar.values);
    buildHaircuts(avatar.sets.haircuts, avatar.look.haircut, (id) => changeLook(withHaircut(target(), id), 'hairstyle'));
    buildAnimations(viewer.clipNames(), viewer.playing, (name) => play(name));
    buildFaceDemos(viewer.face, playFace);
    panels.buildStyle(avatar.sets, avatar.look, settings.blackList, (name) => changeLook(styled(target(), name, avatar.sets, settings.blackList), 'style'));
    panels.buildOutfits(avatar.sets, avatar.look, settings.blackList, (slot, name) => changeLook(wear(target(), slot, name), 'outfits'));
    panels.buildAccessories(variant, avatar.sets, avatar.look, (slot, name) => changeLook(wear(target(), slot, name), 'accessories'));
    panels.buildColors(avatar.look, (key, hex) => changeLook(withColor(target(), key, hex), 'color'));
    panels.buildLighting(viewer.lighting, (name) => viewer.setLighting(name));
    panels.buildMakeup(avatar.look, (layer, value) => changeLook(withMakeup(target(), layer, value), 'makeup'));
    panels.buildTattoo(avatar.look, (placement, value) => changeLook(withTattoo(target(), placement, value), 'tattoo'));
    const mine = source?.code === avatar.code;
    panels.buildAge(mine ? source.age : null, mine, remake);
    showPanels(true);
    syncAnimate();
  }
  onLanguage(renderPanels);

  function play(name, layer = 'body') {
    viewer.play(name, layer);
    buildAnimations(viewer.clipNames(), viewer.playing, (n) => play(n));
    buildFaceDemos(viewer.face, playFace);
    syncAnimate();
  }

  /**
   * A face demo: the viewer's model has the demos once its head carries mobile_51, so the first one
   * asked for makes (or finds) the look's model with that set, then plays.
   */
  function playFace(name) {
    if (!name || viewer.clipNames().includes(name)) return play(name, 'face');
    shapes.add('mobile_51');
    pendingFace = name;
    changeLook(target(), 'facial_animations');
  }

  /**
   * A look the user picked. The latest pick wins: picks made while a look loads are folded into the
   * next one, so clicking through a set never queues a row of exports.
   */
  let wanted = null;
  let changing = false;
  const target = () => wanted?.look ?? avatar.look;
  function changeLook(look, what) {
    if (!avatar) return;
    wanted = { look, what };
    if (changing) return;
    if (busy !== null) {
      wanted = null;
      fail(what, `${busy} is still running`);
      renderPanels();
      return;
    }
    changing = true;
    exclusive('look', async () => {
      while (wanted) {
        const { look: next, what: asked } = wanted;
        if (viewerKey(next, [...shapes].sort()) === viewerKey(avatar.look, avatar.shapes)) {
          wanted = null;
          continue;
        }
        try {
          await showModel({ code: avatar.code, gender: avatar.gender, values: null, look: next, sets: avatar.sets, progress: 'dressing' });
        } catch (e) {
          fail(asked, e.message);
          renderPanels();
        }
        if (wanted?.look === next) wanted = null;
      }
    }).finally(() => { changing = false; });
  }

  function viewerExport(code, look, extra) {
    const key = `${code} ${viewerKey(look, extra)}`;
    let made = viewerExports.get(key);
    if (!made) {
      made = findOrMakeViewerExport(code, look, extra);
      viewerExports.set(key, made);
      made.catch(() => viewerExports.delete(key));
    }
    return made;
  }

  /** The look's export made before (by its comment; the bare look's is the one made with the avatar), else a new one. */
  async function findOrMakeViewerExport(code, look, extra) {
    const comment = VIEWER_COMMENT + viewerKey(look, extra);
    // The avatar's own export is the bare look's with the sets asked for at creation (its blendshapes.list says which).
    const bare = viewerKey(look) === lookKey(emptyLook());
    const wantedParameters = viewerParameters(look, extra);
    const madeWithAvatar = (e) => bare && e.comment === '' && e.parameters?.make_public_direct && e.parameters?.lod === 'LOD2'
      && JSON.stringify(e.parameters?.blendshapes?.list) === JSON.stringify(wantedParameters.blendshapes.list)
      && JSON.stringify(e.parameters?.haircuts?.list) === JSON.stringify(wantedParameters.haircuts.list)
      && !e.parameters?.haircuts?.color && !e.parameters?.blendshapes?.values;
    const list = await api.listExports(code);
    const made = (list.results ?? list).find((e) => e.status !== 'Failed' && (e.comment === comment || madeWithAvatar(e)));
    if (made) return made.status === 'Completed' ? made : api.waitExport(made.url);
    return api.createExport(code, wantedParameters, undefined, comment);
  }

  /**
   * Mobile's age panel: a new age is a new avatar (the age shapes the head the service makes), so the
   * avatar is made again from the same photo, as the page's own buttons make one: generate_avatar.
   */
  async function remake(age) {
    if (!source || source.code !== avatar?.code || age === source.age) return;
    const image = await dataUrl(new Blob([source.photo.bytes], { type: source.photo.type }));
    window.postMessage({ eventName: 'generate_avatar', gender: source.gender, age, image }, '*');
  }

  /** Desktop's Animate button: plays the avatar's first animation (its walk), or stops it. */
  function syncAnimate() {
    $('animate')?.setAttribute('aria-pressed', String(Boolean(viewer?.playing)));
  }
  $('animate')?.addEventListener('click', () => {
    if (!viewer?.model) return;
    if (viewer.playing) play(null);
    else play(viewer.clipNames().find((n) => /_Animation_/.test(n)) ?? viewer.clipNames()[0] ?? null);
  });
  /**
   * Desktop's lip sync (enableLipsync): the microphone moves the head's visemes_15 blendshapes. The
   * viewer's model is made with that set the first time (then kept for the session's looks).
   */
  let stopLipsync = null;
  let pendingLipsync = false;
  async function toggleLipsync() {
    if (stopLipsync) {
      stopLipsync();
      stopLipsync = null;
    } else if (!viewer.hasMorph('AA', 'visemes_15')) {
      shapes.add('visemes_15');
      pendingLipsync = true;
      changeLook(target(), 'lipsync');
      return;
    } else {
      const { startLipsync } = await import('./lipsync.js');
      stopLipsync = await startLipsync(viewer);
    }
    $('mic').setAttribute('aria-pressed', String(Boolean(stopLipsync)));
  }
  $('mic')?.addEventListener('click', () => {
    if (!viewer?.model) return fail('lipsync', 'no avatar is open: generate or show one first');
    toggleLipsync().catch((e) => fail('lipsync', `the microphone could not be used: ${e.message}`));
  });

  /** Desktop's PNG button: the avatar as the user sees it, at twice the viewer's size, saved as a file. */
  $('png')?.addEventListener('click', async () => {
    if (!viewer?.model) return fail('png', 'no avatar is open: generate or show one first');
    const box = $('viewer');
    const blob = await viewer.screenshot(Math.min(4096, box.clientWidth * 2), Math.min(4096, box.clientHeight * 2), 'view');
    save(blob, 'avatar.png');
  });
  /** Desktop's GIF button: 2.4 s of the avatar turning, or of the clip playing, saved as a file. */
  $('gif')?.addEventListener('click', () => {
    if (!viewer?.model) return fail('gif', 'no avatar is open: generate or show one first');
    exclusive('gif', async () => {
      showProgress('makingGif', 0);
      const { recordGif } = await import('./gif.js');
      const bytes = await recordGif(viewer, { background: getComputedStyle(document.body).backgroundColor, onProgress: (f) => showProgress('makingGif', f) });
      save(new Blob([bytes], { type: 'image/gif' }), 'avatar.gif');
    }).catch((e) => fail('gif', e.message));
  });
  /** A file for the user, as a download. */
  function save(blob, name) {
    const url = URL.createObjectURL(blob);
    const a = Object.assign(document.createElement('a'), { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
        refreshLatest();
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
      // Lip sync turned off by the host lets the microphone go.
      if (stopLipsync && $('mic')?.hidden) void toggleLipsync();
      renderPanels();
      refreshLatest();
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
      hideHome();
      if (busy !== null) throw new Error(`${busy} is still running`);
      // The computation parameters panel's pick, when it is shown, answers the question before it is asked.
      const { gender } = askGender ? await askMissing({ gender: computationChoices().gender, age }) : { gender: m.gender };
      // A failed generation leaves the avatar shown as it was: its panels (the age pressed) say so again.
      await exclusive('generate_avatar', async () => {
        showProgress('makingAvatar', 0);
        const look = emptyLook();
        const sets = api.exportSets(gender);
        sets.catch(() => {});
        const done = await api.createAvatar({ photo, gender, age, exportParameters: viewerParameters(look, [...shapes].sort()) }, (a) => showProgress('makingAvatar', (a.progress ?? 0) / 100 * 0.8));
        if (photoUrl) URL.revokeObjectURL(photoUrl);
        photoUrl = URL.createObjectURL(new Blob([photo.bytes], { type: photo.type }));
        const fields = { avatarCode: done.code, gender, photoFileName: photo.name, photoUrl };
        if (desktop) fields.photoBytes = Array.from(await jpegBytes(photo));
        avatar = null;
        source = { code: done.code, photo, gender, age };
        emit('model_generated', fields);
        await showModel({ code: done.code, gender, values, look, animation: null, face: null, sets: await sets });
      }).finally(renderPanels);
    },

    async export_avatar(m) {
      if (!status.isAuthenticated) throw new Error('not authenticated: export is unavailable');
      if (!avatar || !viewer?.model) throw new Error('no avatar is open: generate or show one first');
      const p = { ...exportDefaults, ...(desktop ? readExportParameters(m, variant) : {}) };
      const parameters = restParameters(p, { look: avatar.look, values: exportValues(avatar.values), playing: viewer.playing, face: viewer.face });
      const shown = avatar;
      const avatarState = encodeAvatarState({ values: shown.values, look: shown.look, animation: viewer.playing, facialAnimation: viewer.face, lighting: viewer.lighting });
      await exclusive('export_avatar', async () => {
        showProgress('exporting', 0);
        const exp = await api.createExport(shown.code, parameters, (e) => showProgress('exporting', (e.progress ?? 0) / 100));
        emit('model_exported', { url: exp.public_file, avatarCode: shown.code, gender: shown.gender, avatarState });
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
        const sets = await api.exportSets(a.pipeline_subtype);
        const look = state.look(sets);
        const hidden = blacklisted(look, settings.blackList);
        if (hidden) throw new Error(`avatarState wears ${JSON.stringify(hidden)}, which outfitsBlackList hides`);
        applyUi(variant, null);
        hideHome();
        (await getViewer()).setLighting(state.lighting);
        // A face demo plays on the head's mobile_51, which the model is then made with.
        if (state.facialAnimation) shapes.add('mobile_51');
        await showModel({ code: a.code, gender: a.pipeline_subtype, values: state.blends, look, animation: state.animation, face: state.facialAnimation, sets });
      });
    },
  };

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

  if (desktop) wireLatest();
  status.isLoaded = true;
  emit('persona_creator_loaded');
  emit(desktop ? 'unity_loaded' : 'mobile_loaded');
  // The viewer's code (three.js) comes after loaded, so the host may configure the page meanwhile;
  // the loading screen (and its logo) stays until the viewer can draw.
  getViewer().finally(() => { document.getElementById('loading').hidden = true; });
  return { fail, emit };
}
