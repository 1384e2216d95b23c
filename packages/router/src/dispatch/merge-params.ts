import type { MatchedParams } from '../path/matcher';

/**
 * Merges the parent router's params under the layer's (the child's value wins); numbered
 * captures of the layer are shifted after the parent's numbered ones.
 */
export function mergeParams(params: MatchedParams, parent: unknown): MatchedParams {
  if (typeof parent !== 'object' || parent === null) return params;
  const parentParams = parent as Record<string, unknown>;
  const obj = Object.assign({}, parentParams) as MatchedParams;
  if (!(0 in params) || !(0 in parentParams)) return Object.assign(obj, params);
  let i = 0;
  let o = 0;
  while (i in params) i++;
  while (o in parentParams) o++;
  for (i--; i >= 0; i--) {
    params[i + o] = params[i]!;
    if (i < o) delete params[i];
  }
  return Object.assign(obj, params);
}
