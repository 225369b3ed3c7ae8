import { block, long, node, raw, type FbxNode } from './node.js';
import { FBX_VERSION } from './binary.js';
import type { ObjectGraph } from './objectGraph.js';
import { P, properties70 } from './properties.js';
import type { StackTimes } from './animation.js';

/**
 * Units: positions are written in metres with UnitScaleFactor 100 (one file unit = 100 cm). Blender
 * scales by UnitScaleFactor / 100 and Unity (Convert Units) by the same ratio, so both import at 1:1 in
 * metres; three.js's FBXLoader ignores the unit and reads the raw numbers, which are then metres too.
 * Writing centimetres with factor 1 would be as right for Blender and Unity but 100× too big in three.js.
 */
export const UNIT_SCALE_FACTOR = 100;
/** FbxTime::EMode eFrames30: the frame rate Blender and Maya show the keys at. */
const TIME_MODE_30_FPS = 6;

/**
 * Blender writes this FileId with this CreationTime; the SDK accepts the pair. Fixed values keep the
 * output reproducible: the same scene gives the same bytes.
 */
const FILE_ID = [0x28, 0xb3, 0x2a, 0xeb, 0xb6, 0x24, 0xcc, 0xc2, 0xbf, 0xc8, 0xb0, 0x2a, 0xa9, 0x2b, 0xfc, 0xf1];
const CREATION_TIME = '1970-01-01 10:00:00:000';
const CREATOR = 'Likeness FBX writer';

/** The top-level records of a file around the objects and connections the graph holds. */
export function document(graph: ObjectGraph, stacks: StackTimes[]): FbxNode[] {
  const end = stacks.reduce((max, s) => (s.stop > max ? s.stop : max), 0n);
  return [
    headerExtension(),
    node('FileId', [raw(Uint8Array.from(FILE_ID))]),
    node('CreationTime', [CREATION_TIME]),
    node('Creator', [CREATOR]),
    globalSettings(end),
    node('Documents', [], [
      node('Count', [1]),
      node('Document', [long(1), 'Scene', 'Scene'], [
        properties70(P.object('SourceObject'), P.string('ActiveAnimStackName', stacks[0]?.name ?? '')),
        node('RootNode', [long(0)]),
      ]),
    ]),
    node('References'),
    definitions(graph),
    node('Objects', [], graph.records),
    node('Connections', [], graph.connections),
    takes(stacks),
  ];
}

function headerExtension(): FbxNode {
  return node('FBXHeaderExtension', [], [
    node('FBXHeaderVersion', [1003]),
    node('FBXVersion', [FBX_VERSION]),
    node('EncryptionType', [0]),
    node('CreationTimeStamp', [], [
      node('Version', [1000]),
      node('Year', [1970]), node('Month', [1]), node('Day', [1]),
      node('Hour', [10]), node('Minute', [0]), node('Second', [0]), node('Millisecond', [0]),
    ]),
    node('Creator', [CREATOR]),
  ]);
}

/** Y up, Z front, X right: the right-handed axes of our Mesh, which need no conversion. */
function globalSettings(end: bigint): FbxNode {
  return node('GlobalSettings', [], [
    node('Version', [1000]),
    properties70(
      P.int('UpAxis', 1), P.int('UpAxisSign', 1),
      P.int('FrontAxis', 2), P.int('FrontAxisSign', 1),
      P.int('CoordAxis', 0), P.int('CoordAxisSign', 1),
      P.int('OriginalUpAxis', 1), P.int('OriginalUpAxisSign', 1),
      P.double('UnitScaleFactor', UNIT_SCALE_FACTOR),
      P.double('OriginalUnitScaleFactor', UNIT_SCALE_FACTOR),
      P.colorRgb('AmbientColor', [0, 0, 0]),
      P.string('DefaultCamera', 'Producer Perspective'),
      P.enum('TimeMode', TIME_MODE_30_FPS),
      P.enum('TimeProtocol', 2),
      P.enum('SnapOnFrameMode', 0),
      P.time('TimeSpanStart', 0n),
      P.time('TimeSpanStop', end),
      P.double('CustomFrameRate', 30),
      P.int('CurrentTimeMarker', -1),
    ),
  ]);
}

/** How many objects of each kind the file holds; readers size their tables from it. */
function definitions(graph: ObjectGraph): FbxNode {
  const types = [...graph.counts].map(([name, count]) => node('ObjectType', [name], [node('Count', [count])]));
  const total = [...graph.counts.values()].reduce((a, b) => a + b, 1);
  return node('Definitions', [], [
    node('Version', [100]),
    node('Count', [total]),
    node('ObjectType', ['GlobalSettings'], [node('Count', [1])]),
    ...types,
  ]);
}

/** The pre-7.0 list of animations, which the SDK still writes beside the animation stacks. */
function takes(stacks: StackTimes[]): FbxNode {
  return node('Takes', [], [
    node('Current', [stacks[0]?.name ?? '']),
    ...stacks.map((s) =>
      block('Take', [s.name], [
        node('FileName', [`${s.name}.tak`]),
        node('LocalTime', [long(0), long(s.stop)]),
        node('ReferenceTime', [long(0), long(s.stop)]),
      ]),
    ),
  ]);
}
