/**
 * Desktop's style panel: one button per style (styles.js). The creator dresses the look in the
 * style pressed, which the viewer then shows and export_avatar exports like any other look.
 */
import { t } from './i18n.js';
import { currentStyle, STYLE_NAMES } from './styles.js';
import { choices, heading, panelSection } from './ui.js';

export function buildStyle(sets, look, blackList, onStyle) {
  const section = panelSection('style');
  if (!section) return;
  const options = STYLE_NAMES.map((name) => [name, t(`style.${name}`)]);
  section.append(heading(t('panel.style')), choices(options, currentStyle(look, sets, blackList), onStyle, 'style'));
  section.append(Object.assign(document.createElement('p'), { className: 'note', textContent: t('styleNote') }));
}
