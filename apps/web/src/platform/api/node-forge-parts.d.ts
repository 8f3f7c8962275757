// node-forge's modules register themselves on one shared `forge` object; importing only the
// ones needed keeps the fallback small. Their types are those of the whole package.
declare module 'node-forge/lib/forge' {
  import forge from 'node-forge';
  export default forge;
}
declare module 'node-forge/lib/rsa';
declare module 'node-forge/lib/sha256';
