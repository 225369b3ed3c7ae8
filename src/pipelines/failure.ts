/** A computation that cannot succeed for a reason the avatar's owner should read, e.g. "No face found in the photo." */
export class PipelineFailure extends Error {}
