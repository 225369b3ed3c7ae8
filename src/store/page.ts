/** One page of a list, with the total needed to build the Link header. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface PageRequest {
  /** 1-based page number. */
  page: number;
  size: number;
}
