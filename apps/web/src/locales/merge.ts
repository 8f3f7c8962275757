type Tree = Record<string, unknown>;
/** A group of keys (an object, not a list or a text). */
const isTree = (v: unknown): v is Tree => !!v && typeof v === 'object' && !Array.isArray(v);

/** Deep-merges the JSON files of one language, so several files may add keys under `page.*`. */
export function mergeCatalogue(files: Record<string, Tree>): Tree {
  const out: Tree = {};
  const merge = (into: Tree, from: Tree) => {
    for (const [k, v] of Object.entries(from)) {
      if (!isTree(v)) into[k] = v;
      else {
        const here = into[k];
        merge(isTree(here) ? here : (into[k] = {}), v);
      }
    }
  };
  for (const key of Object.keys(files).sort()) merge(out, files[key]);
  return out;
}
