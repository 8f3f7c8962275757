import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Grid, Select, Spin, Tag, Tree } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScormCatalogNode, ScormCmiValues, ScormLaunchResult, ScormScoState } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/client';
import { fieldOf } from '../../../platform/field-of';
import { commitScorm, finishScorm, launchScorm } from '../api';

/** Uncommitted changes are sent this often, beside the SCO's own LMSCommit/LMSFinish. */
const AUTOCOMMIT_MS = 30_000;
const DONE = new Set(['completed', 'passed']);

/** `window.name` of the package frame: this prefix and the launch (see the server's scorm.content.ts bridge). */
const SEED_PREFIX = 'hanlin-scorm:';
/** A SCO's unload handler finishes it after the frame is gone: its message is still awaited this long. */
const UNLOAD_GRACE_MS = 5_000;
const VALUE_KEYS = ['lesson_status', 'score_raw', 'score_min', 'score_max', 'lesson_location', 'suspend_data', 'exit', 'session_time'] as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** Wall-clock time of the session as CMITimespan, for SCOs that never report their session_time. */
function elapsed(since: number): string {
  const s = Math.min(Math.floor((Date.now() - since) / 1000), 9999 * 3600);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * The values a message of the package frame carries, only the elements the server keeps, as
 * strings (the server validates them against the data model); null for anything else.
 */
function valuesOf(raw: unknown, startedAt: number): ScormCmiValues | null {
  if (!raw || typeof raw !== 'object') return null;
  const out: Record<string, string> = {};
  for (const k of VALUE_KEYS) {
    const v = fieldOf(raw, k);
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return null;
    out[k] = v;
  }
  if (!out.session_time || /^0*:00:00(\.0*)?$/.test(out.session_time)) out.session_time = elapsed(startedAt);
  return out;
}

function toTree(
  nodes: ScormCatalogNode[],
  states: Record<string, ScormScoState>,
): { key: string; title: React.ReactNode; selectable: boolean; children: ReturnType<typeof toTree> }[] {
  return nodes
    .filter((n) => n.visible)
    .map((n) => ({
      key: n.id,
      selectable: n.launchable,
      title: (
        <span data-testid={`scorm-node-${n.id}`}>
          {n.title} {DONE.has(states[n.id]?.lessonStatus ?? '') ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : null}
        </span>
      ),
      children: toTree(n.children, states),
    }));
}

function flatten(nodes: ScormCatalogNode[], depth = 0): { id: string; title: string; depth: number }[] {
  return nodes.flatMap((n) => [...(n.launchable ? [{ id: n.id, title: n.title, depth }] : []), ...flatten(n.children, depth + 1)]);
}

export interface ScormPlayerProps {
  packageId: number;
  /** Whose learning this is: 'course:12', or 'preview' for managers. */
  contextKey: string;
  /** Called with a SCO's state each time the server stored it. */
  onSaved?: (state: ScormScoState) => void;
  /** Height of the content frame (CSS length). */
  height?: string;
}

/**
 * Plays a SCORM 1.2 package: the SCO runs in a sandboxed frame on the content origin, where its
 * page has its own SCORM API (seeded through the frame's name) that posts its values, LMSCommit
 * and LMSFinish here; this window takes them only from that frame and for the SCO it launched,
 * sends them to the server (and an autocommit), shows the catalog beside the content (above it
 * on a phone) and resumes where the learner left. Nothing of the session reaches the frame.
 */
export function ScormPlayer({ packageId, contextKey, onSaved, height = 'calc(100vh - 220px)' }: ScormPlayerProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [scoId, setScoId] = useState<string | undefined>();
  const [launch, setLaunch] = useState<ScormLaunchResult | null>(null);
  const [states, setStates] = useState<Record<string, ScormScoState>>({});
  const [error, setError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const frameBox = useRef<HTMLDivElement>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  useEffect(() => {
    let cancelled = false;
    let frame: HTMLIFrameElement | null = null;
    let frameWindow: Window | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let finished = false;
    let dirty = false;
    let latest: ScormCmiValues | null = null;
    let pending: Promise<unknown> = Promise.resolve();
    let launched: ScormLaunchResult | null = null;
    /** The frame is being replaced: its unload handlers may still post. */
    let retired = false;
    const channel = crypto.randomUUID();
    // The tab closes or the browser goes to the background: what changed since the last commit is sent.
    const onHide = () => {
      if (launched && dirty && !finished) void send(launched, false);
    };
    const startedAt = Date.now();
    setError(null);

    const send = (res: ScormLaunchResult, finish: boolean) => {
      // A SCO finishing without ever setting a value still finishes (the server then marks it completed).
      const values = latest ?? (finish ? valuesOf({}, startedAt) : null);
      if (!values) return pending;
      dirty = false;
      const body = { packageId, contextKey, scoId: res.scoId, sessionId: res.sessionId, values };
      const request = () => (finish ? finishScorm(body) : commitScorm(body));
      // One request at a time, in order, so an older snapshot never lands after a newer one; while
      // the page goes away there is no time to wait: sent at once (keepalive).
      pending = (document.visibilityState === 'hidden' ? Promise.all([pending.catch(() => undefined), request()]).then(([, st]) => st) : pending.then(request))
        .then((state) => {
          setSaveError(null);
          setStates((s) => ({ ...s, [state.scoId]: state }));
          onSavedRef.current?.(state);
        })
        .catch((e: unknown) => {
          dirty = true;
          setSaveError(e instanceof ApiError ? e.text : String(e));
        });
      return pending;
    };

    // Messages of the package: only from the frame launched here (an opaque origin), on this
    // launch's channel, of the three kinds; the SCO, session and context are this player's own.
    const onMessage = (e: MessageEvent) => {
      // The frame's origin: the content origin, or opaque ('null') with CONTENT_SANDBOX=page.
      // A page that posts while it unloads (LMSFinish of a replaced frame) is gone by the time its
      // message arrives (no source): then the channel, known only to that frame, tells it apart.
      const fromFrame = e.source === frameWindow || (retired && e.source === null);
      if (!launched || !frameWindow || !fromFrame || finished || (e.origin !== 'null' && e.origin !== new URL(launched.contentUrl).origin)) return;
      const d: unknown = e.data;
      if (fieldOf(d, 'hanlinScorm') !== channel) return;
      const values = valuesOf(fieldOf(d, 'values'), startedAt);
      if (!values) return;
      latest = values;
      const kind = fieldOf(d, 'kind');
      if (kind === 'values') dirty = true;
      else if (kind === 'commit') void send(launched, false);
      else if (kind === 'finish') {
        finished = true;
        void send(launched, true);
      }
    };
    window.addEventListener('message', onMessage);

    launchScorm({ packageId, contextKey, scoId })
      .then((res) => {
        if (cancelled) return;
        launched = res;
        setLaunch(res);
        setStates(Object.fromEntries(res.states.map((s) => [s.scoId, s])));
        frame = document.createElement('iframe');
        // Read by the package page's API before any of its scripts runs.
        frame.name = SEED_PREFIX + JSON.stringify({ channel, origin: window.location.origin, cmi: res.cmi });
        // Never top navigation; scripts run on the content origin, apart from this one's storage and API.
        frame.setAttribute('sandbox', res.sandbox);
        frame.referrerPolicy = 'no-referrer';
        frame.src = res.contentUrl;
        frame.title = res.package.title;
        frame.dataset.testid = 'scorm-frame';
        frame.style.cssText = 'width:100%;height:100%;border:0;display:block;background:#fff';
        frameBox.current?.appendChild(frame);
        frameWindow = frame.contentWindow;
        timer = setInterval(() => {
          if (dirty && !finished) void send(res, false);
        }, AUTOCOMMIT_MS);
        window.addEventListener('pagehide', onHide);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e instanceof ApiError ? e.text : String(e));
      });

    return () => {
      cancelled = true;
      retired = true;
      clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      // The SCO's unload handler (most SCOs call LMSFinish from it) runs when its page is left:
      // the frame, hidden, goes to a blank page first and is removed once there (a removed frame
      // would have nobody to post to), and its message is still listened for a while.
      const old = frame;
      if (old) {
        old.style.display = 'none';
        delete old.dataset.testid;
        old.addEventListener('load', () => old.remove(), { once: true });
        old.src = 'about:blank';
        setTimeout(() => old.remove(), UNLOAD_GRACE_MS);
      }
      if (launched && !finished && dirty) void send(launched, false);
      setTimeout(() => window.removeEventListener('message', onMessage), UNLOAD_GRACE_MS);
    };
  }, [packageId, contextKey, scoId]);

  const tree = useMemo(() => (launch ? toTree(launch.package.catalog, states) : []), [launch, states]);
  const options = useMemo(() => (launch ? flatten(launch.package.catalog) : []), [launch]);
  const current = launch?.scoId;
  const wide = screens.md ?? false;

  if (error) return <Alert type="error" showIcon title={error} data-testid="scorm-error" />;
  return (
    <div data-testid="scorm-player" style={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 12, width: '100%', minWidth: 0 }}>
      {launch && options.length > 1 ? (
        wide ? (
          <div style={{ width: 260, flex: 'none', overflow: 'auto', maxHeight: height }} data-testid="scorm-catalog">
            <Tree
              treeData={tree}
              defaultExpandAll
              blockNode
              selectedKeys={current ? [current] : []}
              onSelect={(keys) => {
                const k = keys[0];
                if (typeof k === 'string' && k !== current) setScoId(k);
              }}
            />
          </div>
        ) : (
          <Select
            data-testid="scorm-catalog"
            value={current}
            style={{ width: '100%' }}
            onChange={(v: string) => setScoId(v)}
            options={options.map((o) => ({
              value: o.id,
              label: `${'\u00a0'.repeat(o.depth * 2)}${o.title}${DONE.has(states[o.id]?.lessonStatus ?? '') ? ' ✓' : ''}`,
            }))}
          />
        )
      ) : null}
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        {launch ? (
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <strong>{launch.package.scos.find((s) => s.id === current)?.title}</strong>
            {current && states[current] ? (
              <Tag data-testid="scorm-status" color={DONE.has(states[current].lessonStatus) ? 'success' : 'processing'}>
                {t(`scorm.status.${states[current].lessonStatus.replace(' ', '_')}`)}
              </Tag>
            ) : null}
          </div>
        ) : null}
        {saveError ? <Alert type="warning" showIcon title={t('scorm.saveFailed', { error: saveError })} /> : null}
        <div ref={frameBox} style={{ height, minHeight: 320, width: '100%', position: 'relative' }}>
          {launch ? null : <Spin style={{ position: 'absolute', inset: 0, margin: 'auto' }} />}
        </div>
      </div>
    </div>
  );
}
