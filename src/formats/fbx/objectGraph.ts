import { long, node, type FbxNode, type FbxValue } from './node.js';

/** The id of the scene root every top-level model connects to. */
export const ROOT_ID = 0;

/**
 * The `Objects` and `Connections` of a file being built: every object record gets a unique 64-bit id,
 * and the scene graph is nothing but connections between ids, child first. "OO" links object to
 * object (geometry to model, bone to parent bone); "OP" links an object to a property of another
 * (texture to a material's DiffuseColor, curve node to a model's Lcl Rotation).
 */
export class ObjectGraph {
  readonly records: FbxNode[] = [];
  readonly connections: FbxNode[] = [];
  /** Objects per record name, for `Definitions`. */
  readonly counts = new Map<string, number>();
  // Ids stay far below 2^53: three.js reads int64 values into plain numbers.
  private nextId = 1_000_000;

  /** Adds the record `build` makes for a fresh id and returns that id. */
  add(build: (id: FbxValue) => FbxNode): number {
    const id = this.nextId++;
    const record = build(long(id));
    this.records.push(record);
    this.counts.set(record.name, (this.counts.get(record.name) ?? 0) + 1);
    return id;
  }

  connect(child: number, parent: number, property?: string): void {
    this.connections.push(
      property === undefined
        ? node('C', ['OO', long(child), long(parent)])
        : node('C', ['OP', long(child), long(parent), property]),
    );
  }
}
