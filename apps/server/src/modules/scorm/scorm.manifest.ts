import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isRecord, propOf, type ScormCatalogNode, type ScormParseReason, type ScormSco } from '@hanlin/shared';

/** A package refused for a reason a person can act on; `detail` names the item, file or folder. */
export class ScormParseError extends Error {
  constructor(
    readonly reason: ScormParseReason,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

export interface ParsedManifest {
  identifier: string;
  title: string;
  catalog: ScormCatalogNode[];
  scos: ScormSco[];
}

type Node = Record<string, unknown>;

// Elements that may repeat; everything is read without namespace prefixes, so any prefix works.
const REPEATED = new Set(['organization', 'item', 'resource', 'file', 'dependency', 'manifest']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

/** The manifest's text: byte order marks (UTF-8, UTF-16) and the declared encoding are honoured. */
export function decodeXml(buf: Buffer): string {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.subarray(3).toString('utf8');
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  const head = buf.subarray(0, 200).toString('latin1');
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return new TextDecoder(declared.toLowerCase()).decode(buf);
    } catch {
      // An encoding Node does not know: read as UTF-8, the XML default.
    }
  }
  return buf.toString('utf8');
}

const asArray = (v: unknown): Node[] => (Array.isArray(v) ? v : isRecord(v) ? [v] : []);
const attr = (n: Node | undefined, name: string): string | undefined => {
  const v = n?.[`@${name}`];
  return typeof v === 'string' ? v.trim() : undefined;
};
/** Text content of a child element (`<title>x</title>` or with attributes `{ '#text': x }`). */
function text(n: Node | undefined, name: string): string | undefined {
  const v = n?.[name];
  const one = Array.isArray(v) ? v[0] : v;
  if (typeof one === 'string') return one.trim();
  const inner = propOf(one, '#text');
  if (typeof inner === 'string') return inner.trim();
  return undefined;
}

/** Text of an adlcp element, whatever its case: `adlcp:datafromlms` is written `dataFromLMS` in real packages. */
function adlcpText(n: Node, name: string): string | undefined {
  const key = Object.keys(n).find((k) => !k.startsWith('@') && k.toLowerCase() === name);
  return key === undefined ? undefined : text(n, key);
}

/** Joins xml:base values and an href the way URLs resolve relative references, inside the package. */
export function joinBase(bases: (string | undefined)[], href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
  let out = '';
  for (const b of bases) {
    if (!b) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(b)) out = b;
    else out = b.startsWith('/') ? b : out + b;
    if (!out.endsWith('/')) out += '/';
  }
  return out + href;
}

/** Normalizes a package-relative path ('a/./b/../c' → 'a/c'); null when it leaves the package. */
export function normalizePath(p: string): string | null {
  const parts: string[] = [];
  for (const seg of p.replace(/^\/+/, '').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

/** Item parameters appended to the launch href (CAM 1.2, 2.3.2.2.1: '?' or '&' join, '#' kept). */
export function withParameters(href: string, parameters: string | undefined): string {
  if (!parameters) return href;
  let p = parameters.trim();
  if (!p) return href;
  if (p.startsWith('#')) return href.includes('#') ? href : href + p;
  p = p.replace(/^[?&]+/, '');
  return href + (href.includes('?') ? '&' : '?') + p;
}

function isScorm2004(raw: string, schemaVersion: string | undefined): boolean {
  if (schemaVersion && /2004|CAM\s*1\.3|^1\.3/i.test(schemaVersion)) return true;
  return /adlcp_v1p3|imsss|adlseq_v1p3|adlnav_v1p3/i.test(raw);
}

/**
 * Reads an imsmanifest.xml by the SCORM 1.2 CAM: the default organization's item tree, items
 * pointing at resources (xml:base of manifest, resources and resource applied, item parameters
 * appended), adlcp elements of items. Prerequisites and sequencing are read past. `hasFile` tells
 * whether the package holds a path, so a launch file that is missing is refused here.
 */
export function parseManifest(buf: Buffer, hasFile: (path: string) => boolean): ParsedManifest {
  const raw = decodeXml(buf).replace(/^\uFEFF/, '');
  if (!raw.trim() || XMLValidator.validate(raw) !== true) throw new ScormParseError('manifest_invalid');
  let doc: unknown;
  try {
    doc = parser.parse(raw);
  } catch {
    throw new ScormParseError('manifest_invalid');
  }
  if (!isRecord(doc)) throw new ScormParseError('manifest_invalid');
  const manifest = asArray(doc.manifest)[0];
  if (!manifest) throw new ScormParseError('manifest_invalid');
  const metadata = asArray(manifest.metadata)[0];
  const schemaVersion = text(metadata, 'schemaversion');
  if (isScorm2004(raw, schemaVersion)) throw new ScormParseError('scorm_2004', schemaVersion);

  const resourcesEl = asArray(manifest.resources)[0];
  const resources = new Map<string, Node>();
  for (const r of asArray(resourcesEl?.resource)) {
    const id = attr(r, 'identifier');
    if (id) resources.set(id, r);
  }

  const orgsEl = asArray(manifest.organizations)[0];
  const orgs = asArray(orgsEl?.organization);
  const defaultId = attr(orgsEl, 'default');
  const org = orgs.find((o) => defaultId && attr(o, 'identifier') === defaultId) ?? orgs[0];
  if (!org) throw new ScormParseError('no_organization');

  const scos: ScormSco[] = [];
  const seen = new Set<string>();
  const manifestBase = attr(manifest, 'base');
  const resourcesBase = attr(resourcesEl, 'base');

  function walk(items: Node[], depth: number): ScormCatalogNode[] {
    if (depth > 50) throw new ScormParseError('manifest_invalid');
    return items.map((item) => {
      const id = attr(item, 'identifier') ?? '';
      const title = (text(item, 'title') || id).slice(0, 500);
      const ref = attr(item, 'identifierref');
      if (!id) throw new ScormParseError('manifest_invalid');
      if (seen.has(id)) throw new ScormParseError('manifest_invalid', id);
      seen.add(id);
      // A leaf without identifierref is an empty heading (shown, not launchable); one naming a
      // resource that does not exist is a broken package.
      let launchable = false;
      if (ref) {
        const res = resources.get(ref);
        if (!res) throw new ScormParseError('item_without_resource', title);
        const href = attr(res, 'href');
        if (!href) throw new ScormParseError('launch_missing', title);
        const joined = joinBase([manifestBase, resourcesBase, attr(res, 'base')], href);
        let launch: string;
        if (/^[a-z][a-z0-9+.-]*:/i.test(joined)) {
          launch = joined;
        } else {
          const [pathPart = ''] = joined.split(/[?#]/, 1);
          let decoded = pathPart;
          try {
            decoded = decodeURI(pathPart);
          } catch {
            // Not percent-encoded: the href is the file name as it is.
          }
          const normalized = normalizePath(decoded);
          if (normalized === null) throw new ScormParseError('unsafe_path', href);
          if (!hasFile(normalized) && !hasFile(normalizePath(pathPart) ?? '')) throw new ScormParseError('launch_missing', href);
          launch = normalized + joined.slice(pathPart.length);
        }
        const type = (attr(res, 'scormtype') ?? attr(res, 'scormType') ?? 'asset').toLowerCase() === 'sco' ? 'sco' : 'asset';
        const mastery = adlcpText(item, 'masteryscore');
        const masteryScore = mastery !== undefined && mastery !== '' && Number.isFinite(Number(mastery)) ? Number(mastery) : null;
        scos.push({
          id,
          title,
          href: withParameters(launch, attr(item, 'parameters')),
          scormType: type,
          masteryScore,
          dataFromLms: adlcpText(item, 'datafromlms')?.slice(0, 4096) || null,
          maxTimeAllowed: adlcpText(item, 'maxtimeallowed') || null,
          timeLimitAction: adlcpText(item, 'timelimitaction') || null,
        });
        launchable = true;
      }
      // Walked after the item's own SCO is listed: the SCOs keep the manifest's order (a parent
      // before its children), which is the order "continue" follows.
      const children = walk(asArray(item.item), depth + 1);
      return { id, title, launchable, visible: attr(item, 'isvisible') !== 'false', children };
    });
  }
  const catalog = walk(asArray(org.item), 0);
  if (scos.length === 0) throw new ScormParseError('item_without_resource', text(org, 'title'));
  return {
    identifier: (attr(manifest, 'identifier') ?? '').slice(0, 500),
    title: (text(org, 'title') || scos[0].title || 'SCORM').slice(0, 500),
    catalog,
    scos,
  };
}
