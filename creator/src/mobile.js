import { startCreator } from './creator.js';
import { wireButtons } from './ui.js';

document.documentElement.dataset.theme = 'dark';
const creator = startCreator('mobile');
wireButtons(creator.fail, creator.emit);
