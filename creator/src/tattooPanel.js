/**
 * Desktop's tattoo panel: one row per placement, with None and the designs. Each change is handed
 * to the creator as a new look, whose viewer export inks the tattoos into the body's texture.
 */
import { t } from './i18n.js';
import { TATTOO_DESIGNS, TATTOO_PLACEMENTS } from './tattoo.js';
import { heading, panelSection } from './ui.js';

function placementRow(placement, current, onTattoo) {
  const row = Object.assign(document.createElement('div'), { className: 'color-row tattoo-row' });
  row.dataset.tattoo = placement;
  const choices = Object.assign(document.createElement('div'), { className: 'swatches' });
  for (const design of [null, ...TATTOO_DESIGNS]) {
    const b = Object.assign(document.createElement('button'), { type: 'button', className: 'own', textContent: t(design ? `tattoo.${design}` : 'none') });
    b.dataset.value = design ?? '';
    b.setAttribute('aria-pressed', String((current ?? null) === design));
    b.addEventListener('click', () => onTattoo(placement, design));
    choices.append(b);
  }
  row.append(Object.assign(document.createElement('span'), { textContent: t(`tattoo.${placement}`) }), choices);
  return row;
}

export function buildTattoo(look, onTattoo) {
  const section = panelSection('tattoo');
  if (!section) return;
  section.append(heading(t('panel.tattoo')));
  for (const placement of TATTOO_PLACEMENTS) section.append(placementRow(placement, look.tattoos?.[placement] ?? null, onTattoo));
}
