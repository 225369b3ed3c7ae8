// What Likeness offers by name, as data: the haircut library's identities and style recipes, and the
// blendshape sets' names. It sits at the bottom of the layers so that the parameter catalogue (read
// by the service) and the code that makes the haircuts and blendshapes (assets, geometry) share one
// table without the service loading any of that code.
export * from './haircuts/haircut.js';
export * from './haircuts/haircutStyle.js';
export * from './haircuts/haircutLibrary.js';
export * from './blendshapeNames.js';
