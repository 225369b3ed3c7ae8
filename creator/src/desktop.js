import { startCreator } from './creator.js';
import { wireButtons } from './ui.js';

// The loading screen's logo (Desktop only): logoUrl, logoWidth (512px), logoHeight (120px) from the query.
const query = new URLSearchParams(location.search);
const logo = document.getElementById('logo');
const logoUrl = query.get('logoUrl');
if (logo && logoUrl) {
  const size = (v, fallback) => (v && /^\d+(\.\d+)?(px|%|vw|vh|em|rem)?$/.test(v) ? (/\d$/.test(v) ? `${v}px` : v) : fallback);
  logo.src = logoUrl;
  logo.style.width = size(query.get('logoWidth'), '512px');
  logo.style.height = size(query.get('logoHeight'), '120px');
  logo.hidden = false;
}
const creator = startCreator('desktop');
wireButtons(creator.fail, creator.emit);
