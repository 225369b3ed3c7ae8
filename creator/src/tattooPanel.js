/**
 * Desktop's tattoo panel: one row per placement, with None and the designs, and under them the
 * tattoo's ink, opacity and size (enabled once a design is on). Each change is handed to the
 * creator as a new look, whose viewer export inks the tattoos into the body's texture.
 */
import { t } from './i18n.js';
import { TATTOO_DESIGNS, TATTOO_INKS, TATTOO_OPACITY, TATTOO_PLACEMENTS, TATTOO_SCALE, TATTOO_SCALE_MIN } from './tattoo.js';
import { heading, panelSection } from './ui.js';

/** A slider of the tattoo's; 'change', not 'input': each value is an export, made once the user lets go. */
function slider(placement, key, value, min, disabled, onTattoo) {
  const label = Object.assign(document.createElement('label'), { className: 'blend', textContent: t(`tattoo.${key}`) });
  const input = Object.assign(document.createElement('input'), { type: 'range', min, max: 1, step: 0.05, value, name: `${placement}-${key}` });
  input.disabled = disabled;
  input.addEventListener('change', () => onTattoo(placement, { [key]: Number(input.value) }));
  label.append(input);
  return label;
}

function placementRow(placement, current, onTattoo) {
  const row = Object.assign(document.createElement('div'), { className: 'color-row tattoo-row' });
  row.dataset.tattoo = placement;
  const choices = Object.assign(document.createElement('div'), { className: 'swatches' });
  for (const design of [null, ...TATTOO_DESIGNS]) {
    const b = Object.assign(document.createElement('button'), { type: 'button', className: 'own', textContent: t(design ? `tattoo.${design}` : 'none') });
    b.dataset.value = design ?? '';
    b.setAttribute('aria-pressed', String((current?.name ?? null) === design));
    b.addEventListener('click', () => onTattoo(placement, design));
    choices.append(b);
  }
  const inks = Object.assign(document.createElement('div'), { className: 'swatches tattoo-inks', title: t('tattoo.ink') });
  for (const hex of TATTOO_INKS) {
    const b = Object.assign(document.createElement('button'), { type: 'button', className: 'swatch', title: hex });
    b.style.background = hex;
    b.dataset.ink = hex;
    b.setAttribute('aria-label', `${t('tattoo.ink')} ${hex}`);
    // Until an ink is chosen the tattoo has the service's default, the first.
    b.setAttribute('aria-pressed', String(Boolean(current) && (current.color ?? TATTOO_INKS[0]) === hex));
    b.disabled = !current;
    b.addEventListener('click', () => onTattoo(placement, { color: hex }));
    inks.append(b);
  }
  row.append(
    Object.assign(document.createElement('span'), { textContent: t(`tattoo.${placement}`) }), choices, inks,
    slider(placement, 'opacity', current?.opacity ?? TATTOO_OPACITY, 0, !current, onTattoo),
    slider(placement, 'scale', current?.scale ?? TATTOO_SCALE, TATTOO_SCALE_MIN, !current, onTattoo),
  );
  return row;
}

export function buildTattoo(look, onTattoo) {
  const section = panelSection('tattoo');
  if (!section) return;
  section.append(heading(t('panel.tattoo')));
  for (const placement of TATTOO_PLACEMENTS) section.append(placementRow(placement, look.tattoos?.[placement] ?? null, onTattoo));
}
