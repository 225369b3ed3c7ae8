/**
 * The states an avatar, an export and a job go through, each written once. The API shows the
 * avatar's and the export's as they are spelled here.
 */
export const AVATAR_STATUSES = ['Uploading', 'Queued', 'Computing', 'Completed', 'Failed', 'Timed Out'] as const;
export type AvatarStatus = (typeof AVATAR_STATUSES)[number];

/** An export asked for before its avatar is computed waits `Pending`, then runs as any other. */
export const EXPORT_STATUSES = ['Pending', 'Queued', 'Computing', 'Completed', 'Failed', 'Timed Out'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How a task ends; an avatar or export in one of these never changes again. */
export const FINAL_STATUSES = ['Completed', 'Failed', 'Timed Out'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

/** A final status that is not success: the avatar or export has a failure_reason. */
export type Unsuccessful = Exclude<FinalStatus, 'Completed'>;

export function isUnsuccessful(status: string): status is Unsuccessful {
  return status === 'Failed' || status === 'Timed Out';
}

/** queued → running (claimed, under a lease) → done; a lease that runs out puts it back to queued. */
export type JobState = 'queued' | 'running' | 'done';

/** What a job makes: an avatar's computation, an export, a blendshapes download (BlendshapeTarget), or an outfit's files for one avatar (OutfitTarget). */
export type JobKind = 'compute' | 'export' | 'blendshapes' | 'outfit';
