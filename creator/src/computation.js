/**
 * Desktop's computation parameters panel (`computationParametersPanelVisible`, hidden unless asked
 * for): the pipeline (the avatar's gender) and the age picked before the photo, so that nothing is
 * asked after it. `pipelineSelectionAvailable` false and `ageSelectionAvailable` false take their
 * row away (the value is then the fixed one); the picks start at `defaultPipeline` and adult.
 */
import { onLanguage, t } from './i18n.js';

const ROWS = { gender: ['male', 'female'], age: ['adult', 'teen15', 'teen12'] };
let chosen = { gender: '', age: '' };
let changed = () => {};
let lastFixed = { gender: '', age: '' };
onLanguage(() => {
  const box = document.getElementById('computation');
  if (box && !box.hidden) render(box, lastFixed);
});

/** The gender and age the panel holds ('' where it is hidden or has no row for it). */
export const computationChoices = () => chosen;

/** Calls `fn` when the user picks another gender or age (the samples shown follow the gender). */
export function onComputationChange(fn) {
  changed = fn;
}

/** Shows or hides the panel; `fixed` is what set_ui_parameters settled, `defaultGender` its defaultPipeline. */
export function applyComputation(visible, fixed, defaultGender) {
  const box = document.getElementById('computation');
  if (!box) return;
  box.hidden = !visible || (fixed.gender !== '' && fixed.age !== '');
  chosen = box.hidden ? { gender: '', age: '' } : { gender: fixed.gender ? '' : defaultGender, age: fixed.age ? '' : 'adult' };
  lastFixed = fixed;
  render(box, fixed);
}

function render(box, fixed = { gender: '', age: '' }) {
  box.replaceChildren(Object.assign(document.createElement('p'), { className: 'computation-title', textContent: t('computation') }));
  for (const [kind, values] of Object.entries(ROWS)) {
    if (fixed[kind]) continue;
    const row = Object.assign(document.createElement('div'), { className: 'choices' });
    row.dataset.computation = kind;
    for (const value of values) {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: t(value) });
      b.dataset.value = value;
      b.setAttribute('aria-pressed', String(chosen[kind] === value));
      b.addEventListener('click', () => {
        chosen = { ...chosen, [kind]: value };
        for (const other of row.children) other.setAttribute('aria-pressed', String(other === b));
        changed();
      });
      row.append(b);
    }
    box.append(Object.assign(document.createElement('p'), { className: 'computation-label', textContent: t(`q.${kind}`) }), row);
  }
}
