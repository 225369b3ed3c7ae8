/**
 * Desktop's makeup panel: one row per layer, with None, the layer's palette and an opacity slider.
 * Each change is handed to the creator as a new look, whose viewer export paints the makeup.
 */
import { t } from './i18n.js';
import { MAKEUP_LAYERS, MAKEUP_PALETTES, MAKEUP_OPACITY } from './makeup.js';
import { heading, panelSection } from './ui.js';

function layerRow(layer, current, onMakeup) {
  const row = Object.assign(document.createElement('div'), { className: 'color-row makeup-row' });
  row.dataset.makeup = layer;
  const swatches = Object.assign(document.createElement('div'), { className: 'swatches' });
  const off = Object.assign(document.createElement('button'), { type: 'button', className: 'own', textContent: t('none') });
  off.dataset.value = '';
  off.setAttribute('aria-pressed', String(!current));
  off.addEventListener('click', () => onMakeup(layer, null));
  swatches.append(off);
  for (const hex of MAKEUP_PALETTES[layer]) {
    const b = Object.assign(document.createElement('button'), { type: 'button', className: 'swatch', title: hex });
    b.style.background = hex;
    b.dataset.value = hex;
    b.setAttribute('aria-label', hex);
    b.setAttribute('aria-pressed', String(current?.color === hex));
    b.addEventListener('click', () => onMakeup(layer, { color: hex }));
    swatches.append(b);
  }
  const label = Object.assign(document.createElement('label'), { className: 'blend', textContent: t('makeup.opacity') });
  const slider = Object.assign(document.createElement('input'), { type: 'range', min: 0, max: 1, step: 0.05, value: current?.opacity ?? MAKEUP_OPACITY[layer], name: `${layer}-opacity` });
  slider.disabled = !current;
  // 'change', not 'input': each opacity is an export, made once the user lets go.
  slider.addEventListener('change', () => onMakeup(layer, { opacity: Number(slider.value) }));
  label.append(slider);
  row.append(Object.assign(document.createElement('span'), { textContent: t(`makeup.${layer}`) }), swatches, label);
  return row;
}

export function buildMakeup(look, onMakeup) {
  const section = panelSection('makeup');
  if (!section) return;
  section.append(heading(t('panel.makeup')));
  for (const layer of MAKEUP_LAYERS) section.append(layerRow(layer, look.makeup?.[layer] ?? null, onMakeup));
}
