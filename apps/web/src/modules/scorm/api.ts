import { scormRoutes, type ScormCommit, type ScormLaunch } from '@hanlin/shared';
import { call } from '../../platform/api/call';

/** Imports a SCORM 1.2 zip (up to 500 MB); refusals come back as SCORM_PARSE_FAILED with `data.reason`. */
export function importScormPackage(input: { file: File | Blob; name?: string }) {
  const form = new FormData();
  form.append('file', input.file, input.name ?? (input.file instanceof File ? input.file.name : 'package.zip'));
  return call(scormRoutes.import, { form }, { timeout: 15 * 60_000, silent: true });
}

export const listScormPackages = () => call(scormRoutes.list);

export const launchScorm = (input: ScormLaunch) => call(scormRoutes.launch, input);

// keepalive: a SCO commits and finishes from its unload handler, also when the tab closes.
export const commitScorm = (input: ScormCommit) => call(scormRoutes.commit, input, { silent: true, keepalive: true });

export const finishScorm = (input: ScormCommit) => call(scormRoutes.finish, input, { silent: true, keepalive: true });
