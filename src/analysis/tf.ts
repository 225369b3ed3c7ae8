import type * as tfCore from '@tensorflow/tfjs-core';
import type * as tfConverter from '@tensorflow/tfjs-converter';

/**
 * The tfjs namespace as `human` exposes it (`human.tf`, typed `any` there): tfjs-core plus the
 * converter's graph-model loader. Using human's instance guarantees one engine and one backend.
 */
export type Tf = typeof tfCore & Pick<typeof tfConverter, 'loadGraphModel'>;
export type GraphModel = tfConverter.GraphModel;
export type Tensor = tfCore.Tensor;
export type Tensor3D = tfCore.Tensor3D;
export type Tensor4D = tfCore.Tensor4D;
