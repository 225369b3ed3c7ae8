/** Whose data a request may see: a client, and in client access one of its players. */
export interface Scope {
  clientId: string;
  /** Set in client access (X-PlayerUID); null in developer access. */
  playerCode: string | null;
}
