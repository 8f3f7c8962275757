import { api } from '../../platform/api/client';
import type { ScormCommit, ScormLaunch, ScormLaunchResult, ScormPackageInfo, ScormScoState } from '@hanlin/shared';

/** Imports a SCORM 1.2 zip (up to 500 MB); refusals come back as SCORM_PARSE_FAILED with `data.reason`. */
export function importScormPackage(input: { file: File | Blob; name?: string }) {
  const fd = new FormData();
  fd.append('file', input.file, input.name ?? (input.file instanceof File ? input.file.name : 'package.zip'));
  return api<ScormPackageInfo>('scorm/import', fd, { timeout: 15 * 60_000, silent: true });
}

export const listScormPackages = () => api<ScormPackageInfo[]>('scorm/list', {});

export const launchScorm = (input: ScormLaunch) => api<ScormLaunchResult>('scorm/launch', input);

// keepalive: a SCO commits and finishes from its unload handler, also when the tab closes.
export const commitScorm = (input: ScormCommit) => api<ScormScoState>('scorm/commit', input, { silent: true, keepalive: true });

export const finishScorm = (input: ScormCommit) => api<ScormScoState>('scorm/finish', input, { silent: true, keepalive: true });
