import { describe, expect, it } from 'vitest';
import { csToTimespan, nextLessonStatus, timespanToCs } from './scorm.cmi.js';
import { joinBase, normalizePath, withParameters } from './scorm.manifest.js';

describe('SCORM 1.2 time arithmetic', () => {
  it('reads CMITimespan with 2 to 4 hour digits and up to two decimals', () => {
    expect(timespanToCs('00:00:01')).toBe(100);
    expect(timespanToCs('01:02:03.5')).toBe((3600 + 120 + 3) * 100 + 50);
    expect(timespanToCs('0100:00:00.25')).toBe(100 * 3600 * 100 + 25);
    expect(timespanToCs('1:00:00')).toBeNull();
    expect(timespanToCs('00:60:00')).toBeNull();
    expect(timespanToCs('00:00:00.123')).toBeNull();
  });
  it('writes totals with carries, capped at 9999 hours', () => {
    expect(csToTimespan(timespanToCs('00:59:59.99')! + timespanToCs('00:00:00.01')!)).toBe('0001:00:00.00');
    expect(csToTimespan(timespanToCs('0012:30:45')! + timespanToCs('0011:29:15.5')!)).toBe('0024:00:00.50');
    expect(csToTimespan(timespanToCs('9999:00:00')! * 2)).toBe('9999:59:59.99');
  });
});

describe('lesson status rules', () => {
  it('never lets the initial "not attempted" overwrite a reached status', () => {
    expect(nextLessonStatus('incomplete', 'not attempted', null, null)).toBe('incomplete');
  });
  it('decides passed/failed by the mastery score for a SCO that reports itself done', () => {
    expect(nextLessonStatus('incomplete', 'completed', 79.5, 80)).toBe('failed');
    expect(nextLessonStatus('incomplete', 'completed', 80, 80)).toBe('passed');
    expect(nextLessonStatus('incomplete', 'incomplete', 95, 80)).toBe('incomplete');
    expect(nextLessonStatus('incomplete', 'completed', 10, null)).toBe('completed');
  });
});

describe('manifest paths', () => {
  it('applies xml:base of manifest, resources and resource', () => {
    expect(joinBase(['course/', 'res', 'a/'], 'index.html')).toBe('course/res/a/index.html');
    expect(joinBase([undefined, undefined, undefined], 'x/y.html')).toBe('x/y.html');
    expect(joinBase(['course/'], 'http://example.com/a.html')).toBe('http://example.com/a.html');
  });
  it('keeps paths inside the package', () => {
    expect(normalizePath('a/./b/../c.html')).toBe('a/c.html');
    expect(normalizePath('../c.html')).toBeNull();
  });
  it('appends item parameters as the CAM says', () => {
    expect(withParameters('a.html', '?x=1')).toBe('a.html?x=1');
    expect(withParameters('a.html?y=2', '?x=1')).toBe('a.html?y=2&x=1');
    expect(withParameters('a.html', '&x=1')).toBe('a.html?x=1');
    expect(withParameters('a.html', '#intro')).toBe('a.html#intro');
  });
});
