import { CONSTANTS } from '@hanlin/shared';
import { defineTree } from '../../platform/tree-repository.js';

/** The professional tree: several roots, spec §9's default of 10 levels. */
export const professionalTree = defineTree({
  table: 'professionals',
  maxDepth: CONSTANTS.TREE_LEVELS_DEFAULT,
  lockKey: 'professionalTree',
  duplicateName: 'DUPLICATE_CATEGORY',
});
