/** A page of a list call: every list of the server answers its rows, the total and the page asked for. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}
