import zlib from 'node:zlib';

/** Test helper: writes a zip with full control over names, sizes and attributes (bombs, zip-slip, links). */
export interface TestZipEntry {
  name: string;
  data?: Buffer | string;
  /** Unpacked size the directory claims (a forged directory); the real size by default. */
  declaredSize?: number;
  deflate?: boolean;
  /** zlib level of a deflated entry (6 by default). */
  level?: number;
  symlink?: boolean;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

export function buildZip(entries: TestZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? '');
    const packed = e.deflate ? zlib.deflateRawSync(data, { level: e.level ?? 6 }) : data;
    const name = Buffer.from(e.name, 'utf8');
    const size = e.declaredSize ?? data.length;
    const crc = crc32(data);
    // The local header and the central directory entry share their fields from "version needed" to the name length.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x0800, at + 2);
      header.writeUInt16LE(e.deflate ? 8 : 0, at + 4);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4);
    locals.push(local, name, packed);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(0x031e, 4); // made by Unix: external attributes carry the mode
    shared(dir, 6);
    dir.writeUInt32LE(((e.symlink ? 0o120777 : 0o100644) << 16) >>> 0, 38);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += 30 + name.length + packed.length;
  }
  const dirBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBuf, end]);
}

/** A minimal SCORM 1.2 manifest; `items` is XML placed inside the organization. */
export function manifest12(opts: { items?: string; resources?: string; extra?: string; prefix?: string } = {}): string {
  const p = opts.prefix ?? 'adlcp';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m1" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:${p}="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org1"><organization identifier="org1"><title>Test course</title>
  ${opts.items ?? `<item identifier="i1" identifierref="r1"><title>Lesson one</title><${p}:masteryscore>80</${p}:masteryscore></item>`}
  </organization></organizations>
  <resources>${opts.resources ?? `<resource identifier="r1" type="webcontent" ${p}:scormtype="sco" href="index.html"><file href="index.html"/></resource>`}</resources>
  ${opts.extra ?? ''}
</manifest>`;
}
