/**
 * The REST API of the service that served the page, as the creator uses it. The token lives in this
 * module's closure only: never in a URL, the DOM, the console or an event.
 */
// Every request omits credentials: the API's 401 carries `WWW-Authenticate: Basic`, and a same-origin
// request that may send credentials makes Chromium ask the user for a password instead of answering.
const base = location.href.slice(0, location.href.indexOf('/creator/'));
let token = null;

export class ApiError extends Error {}

async function detail(res) {
  const body = await res.json().catch(() => null);
  if (body && typeof body.detail === 'string') return body.detail;
  if (body && typeof body.error_description === 'string') return body.error_description;
  if (body && typeof body === 'object') return Object.entries(body).map(([k, v]) => `${k}: ${[v].flat().join(' ')}`).join('; ');
  return `HTTP ${res.status}`;
}

async function call(path, init = {}) {
  const res = await fetch(path.startsWith('http') ? path : base + path, {
    ...init,
    credentials: 'omit',
    headers: { ...(init.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new ApiError(await detail(res));
  return res.json();
}

/** An access token is checked by reading with it; client credentials are exchanged for one first. */
export async function authenticate({ accessToken, clientId, clientSecret }) {
  token = null;
  let candidate = accessToken;
  if (!candidate) {
    const res = await fetch(`${base}/o/token/`, {
      method: 'POST',
      credentials: 'omit',
      headers: { Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new ApiError(await detail(res));
    candidate = (await res.json()).access_token;
  }
  const res = await fetch(`${base}/avatars/?page_size=1`, { credentials: 'omit', headers: { Authorization: `Bearer ${candidate}` } });
  if (!res.ok) throw new ApiError(await detail(res));
  token = candidate;
}

export const authenticated = () => token !== null;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls a resource until its status settles; `onProgress` sees each answer. */
async function settle(url, onProgress) {
  for (let delay = 150; ; delay = Math.min(delay * 1.3, 600)) {
    const r = await call(url);
    onProgress?.(r);
    if (r.status === 'Completed') return r;
    if (['Failed', 'Timed Out', 'Cancelled'].includes(r.status)) throw new ApiError(r.failure_reason || `the job ended ${r.status}`);
    await sleep(delay);
  }
}

export async function createAvatar({ photo, gender, age, exportParameters }, onProgress) {
  const form = new FormData();
  form.set('pipeline', 'persona_2.0');
  form.set('pipeline_subtype', gender);
  form.set('name', 'creator');
  if (age !== 'adult') form.set('parameters', JSON.stringify({ avatar_modifications: { plus: { age } } }));
  if (exportParameters) form.set('export_parameters', JSON.stringify(exportParameters));
  form.set('photo', new Blob([photo.bytes], { type: photo.type }), photo.name);
  const created = await call('/avatars/', { method: 'POST', body: form });
  return settle(created.url, onProgress);
}

/**
 * What an export of this gender may name, by section (haircuts, the outfit sections, glasses, hats,
 * earrings, necklaces, watches, bracelets, rings: the persona sets and HaircutGenerated), from the catalogue.
 */
export async function exportSets(gender) {
  const available = await call(`/export_parameters/available/persona_2.0/?pipeline_subtype=${encodeURIComponent(gender)}`);
  const sets = {};
  for (const key of ['haircuts', 'outfits', 'outfits_top', 'outfits_bottom', 'outfits_shoes', 'hats', 'glasses', 'earrings', 'necklaces', 'watches', 'bracelets', 'rings']) {
    const list = available?.[key]?.list;
    sets[key] = Array.isArray(list) ? list.filter((x) => typeof x === 'string') : [];
  }
  return sets;
}

export const getAvatar = (code) => call(`/avatars/${encodeURIComponent(code)}/`);

/** The newest Completed persona_2.0 avatar the token may see, or null. */
export async function latestAvatar() {
  const list = await call('/avatars/?pipeline=persona_2.0&status=completed&page_size=1');
  return (list.results ?? list)[0] ?? null;
}

/** The avatar's exports, newest first. */
export const listExports = (code) => call(`/avatars/${encodeURIComponent(code)}/exports/?page_size=50`);

export async function createExport(code, parameters, onProgress, comment = '') {
  const form = new FormData();
  form.set('parameters', JSON.stringify(parameters));
  if (comment) form.set('comment', comment);
  const created = await call(`/avatars/${encodeURIComponent(code)}/exports/`, { method: 'POST', body: form });
  return settle(created.url, onProgress);
}

export const waitExport = (url, onProgress) => settle(url, onProgress);
