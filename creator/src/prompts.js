/**
 * The gender and age questions asked before an avatar is made, when nothing else settles them:
 * Desktop asks for a gender when generate_avatar leaves it empty, and the page's own selfie and
 * browse buttons ask for what set_ui_parameters did not fix (Mobile: `gender`, `age`; Desktop:
 * `pipelineSelectionAvailable` false with `defaultPipeline`, `ageSelectionAvailable` false for 16+).
 */
import { t } from './i18n.js';

const QUESTIONS = {
  gender: ['male', 'female'],
  age: ['adult', 'teen15', 'teen12'],
};

/** One question in the prompt over the viewer; resolves with the value chosen. */
function ask(kind) {
  const box = document.getElementById('prompt');
  const h = Object.assign(document.createElement('h2'), { textContent: t(`q.${kind}`) });
  const row = Object.assign(document.createElement('div'), { className: 'prompt-choices' });
  box.replaceChildren(h, row);
  box.dataset.question = kind;
  box.hidden = false;
  return new Promise((resolve) => {
    for (const value of QUESTIONS[kind]) {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: t(value) });
      b.dataset.value = value;
      b.addEventListener('click', () => {
        box.hidden = true;
        box.replaceChildren();
        resolve(value);
      });
      row.append(b);
    }
  });
}

/** `{gender, age}` with each value given kept and each missing one asked for, gender first. */
export async function askMissing({ gender, age }) {
  return { gender: gender || (await ask('gender')), age: age || (await ask('age')) };
}
