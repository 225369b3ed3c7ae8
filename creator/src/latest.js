/**
 * Desktop's `showLatestCreatedAvatar` (default true): the newest Completed persona_2.0 avatar the
 * token may see (its client's, or its player's with a player token) can be opened from the home
 * screen, as `show_avatar` opens it. The service keeps no look for it, so it opens as it was made.
 */
import * as api from './api.js';

let offered = null;

/** Looks the latest avatar up and shows or hides the button; `shown` is the setting, `current` the avatar open now. */
export async function offerLatest(shown, current) {
  const button = document.getElementById('latest');
  if (!button) return;
  offered = null;
  if (shown && api.authenticated()) {
    offered = await api.latestAvatar().catch(() => null);
  }
  button.hidden = !offered || offered.code === current;
}

export function wireLatest() {
  document.getElementById('latest')?.addEventListener('click', () => {
    if (offered) window.postMessage({ eventName: 'show_avatar', avatarCode: offered.code }, '*');
  });
}
