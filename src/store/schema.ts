import type { Generated } from 'kysely';
import type { PipelineName, PipelineSubtype } from '../pipelines/catalogue/pipelines.js';
import type { AvatarStatus, ExportStatus, JobKind, JobState } from './status.js';

/** Tables of the Likeness database. Timestamps are ISO 8601 strings in UTC with microseconds,
 * so that they sort as text in SQLite and PostgreSQL alike. */
export interface Database {
  clients: ClientTable;
  tokens: TokenTable;
  players: PlayerTable;
  avatars: AvatarTable;
  jobs: JobTable;
  exports: ExportTable;
  settings: SettingTable;
}

export interface ClientTable {
  client_id: string;
  name: string;
  plan: string;
  /** scrypt$<salt>$<hash>: the secret itself is never stored. */
  secret_hash: string;
  created_on: string;
}

export interface TokenTable {
  /** sha256 of the bearer token: a leaked database does not leak usable tokens. */
  token_hash: string;
  client_id: string;
  scope: string;
  expires_on: string;
  created_on: string;
}

export interface PlayerTable {
  code: string;
  client_id: string;
  comment: string;
  created_on: string;
}

export interface AvatarTable {
  code: string;
  client_id: string;
  /** The player that created it in client access; null in developer access. */
  player_code: string | null;
  name: string;
  description: string;
  pipeline: PipelineName;
  pipeline_subtype: PipelineSubtype;
  /** Normalised computation parameters, JSON. */
  parameters: string;
  /** Export parameters as given at creation, JSON or null. */
  export_parameters: string | null;
  status: AvatarStatus;
  progress: number;
  /** Human-readable reason when status is Failed or Timed Out. */
  failure_reason: string | null;
  /** How many faces the analysis found in the photo (the main one is used); null before analysis. */
  faces_detected: number | null;
  created_on: string;
  updated_on: string;
}

export interface JobTable {
  id: Generated<number>;
  avatar_code: string;
  kind: JobKind;
  /** The export an `export` job makes; null for the other kinds. */
  export_code: string | null;
  /** What a `blendshapes` job makes, JSON (BlendshapeTarget); null for the other kinds. */
  target: string | null;
  state: JobState;
  /** Incremented at each claim: a result is committed only by the attempt that holds the job. */
  attempt: number;
  /** Which server process holds the job while running. */
  owner: string | null;
  lease_until: string | null;
  created_on: string;
}

export interface ExportTable {
  code: string;
  avatar_code: string;
  /** Scope columns copied from the avatar, so that every query is scoped without a join. */
  client_id: string;
  player_code: string | null;
  comment: string;
  /** The export parameters as resolved (ResolvedExport), JSON. */
  parameters: string;
  status: ExportStatus;
  progress: number;
  failure_reason: string | null;
  /** The files once Completed, JSON: [{identity, category, key, static_files: [identity]}]. */
  files: string | null;
  created_on: string;
  updated_on: string;
}

/** Server-wide values shared by every server on the database, such as the key that signs public links. */
export interface SettingTable {
  key: string;
  value: string;
}
