import { printFigures } from './figure.js';
import { run as analysis } from './analysis.js';
import { run as api } from './api.js';
import { run as rendering } from './render.js';
import { run as geometry } from './geometry.js';
import { run as texture } from './texture.js';
import { run as haircut } from './haircut.js';
import { run as exports } from './export.js';
import { run as predict } from './predict.js';
import { run as validation } from './validation.js';
import { run as bodyPhotos } from './quality/bodyPhotoSheets.js';
import { run as blobThroughput } from './blobThroughput.js';
import { run as creator } from './creator.js';

// Every benchmark of the project, one after the other so that they do not share the 2 cores.
printFigures('Face analysis', await analysis());
printFigures('Head geometry', await geometry());
printFigures('Texture', await texture());
printFigures('Rendering', await rendering());
printFigures('Generated haircut', await haircut());
printFigures('Haircut prediction', await predict(true));
printFigures('Exports', await exports());
printFigures('Parameter validation', await validation());
printFigures('API and computation', await api());
printFigures('The embeddable creator (headless Chromium; screenshots in scratch/creator/)', await creator());
printFigures('Blobs through the API (S3 too with LIKENESS_TEST_S3_URL)', await blobThroughput());
printFigures('Bodies from full-body photos (proportions check, contact sheet in scratch/bodyPhotos/)', await bodyPhotos());
// LIKENESS_BENCH_FLEET_AVATARS (default 200, the figure): 2 API and 2 worker processes, faults on the way.
const { run: fleetLoad } = await import('./fleetLoad.js');
printFigures('The fleet under load and faults (PostgreSQL, a Redis and a Swift of its own)', await fleetLoad());
