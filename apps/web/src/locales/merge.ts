type Tree = Record<string, unknown>;

/** Deep-merges the JSON files of one language, so several files may add keys under `page.*`. */
export function mergeCatalogue(files: Record<string, Tree>): Tree {
  const out: Tree = {};
  const merge = (into: Tree, from: Tree) => {
    for (const [k, v] of Object.entries(from)) {
      if (v && typeof v === 'object' && !Array.isArray(v) && into[k] && typeof into[k] === 'object') merge(into[k] as Tree, v as Tree);
      else if (v && typeof v === 'object' && !Array.isArray(v)) merge((into[k] = {}), v as Tree);
      else into[k] = v;
    }
  };
  for (const key of Object.keys(files).sort()) merge(out, files[key]);
  return out;
}
