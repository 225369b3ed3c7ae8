import { startCreator } from './creator.js';
import { wireButtons } from './ui.js';

document.documentElement.dataset.theme = 'dark';
wireButtons(startCreator('mobile').fail);
