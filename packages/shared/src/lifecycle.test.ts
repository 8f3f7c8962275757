import { describe, expect, it } from 'vitest';
import { defineLifecycle } from './lifecycle.js';
import { NOTICE_LIFECYCLE } from './notices.js';
import { LECTURER_CERTIFICATION, LECTURER_LIFECYCLE, LecturerAbilitiesSchema } from './lecturers.js';
import { REGISTRATION_LIFECYCLE } from './registration.js';

const labels = {
  states: { draft: 'x.draft', open: 'x.open', closed: 'x.closed' },
  commands: { open: 'x.doOpen', close: 'x.doClose' },
};

describe('defineLifecycle', () => {
  const exam = defineLifecycle({
    name: 'exams',
    states: ['draft', 'open', 'closed'],
    initial: 'draft',
    transitions: { open: { from: ['draft'], to: 'open' }, close: { from: ['open'], to: 'closed' } },
    editable: ['draft'],
    deletable: ['draft', 'closed'],
    colors: { draft: 'default', open: 'green', closed: 'red' },
    labels,
  });

  it('answers which commands a state allows', () => {
    expect(exam.can('draft', 'open')).toBe(true);
    expect(exam.can('open', 'open')).toBe(false);
    expect(exam.can('closed', 'close')).toBe(false);
    expect(exam.commands).toEqual(['open', 'close']);
  });

  it('derives abilities from the editable and deletable states and the transitions', () => {
    expect(exam.abilities('draft')).toEqual({ modify: true, delete: true, open: true, close: false });
    expect(exam.abilities('open')).toEqual({ modify: false, delete: false, open: false, close: true });
    expect(exam.abilities('closed')).toEqual({ modify: false, delete: true, open: false, close: false });
  });

  it('treats every state as editable and deletable when the lists are left out', () => {
    expect(LECTURER_LIFECYCLE.abilities('frozen')).toEqual({ modify: true, delete: true, freeze: false, unfreeze: true });
  });

  it('gives a zod enum of the states and a zod object of the abilities', () => {
    expect(exam.stateSchema.parse('open')).toBe('open');
    expect(exam.stateSchema.safeParse('archived').success).toBe(false);
    expect(exam.abilitiesSchema.parse(exam.abilities('open'))).toEqual(exam.abilities('open'));
    expect(exam.abilitiesSchema.safeParse({ modify: true, delete: true, open: true }).success).toBe(false);
    expect(exam.isState('closed')).toBe(true);
    expect(exam.isState('nope')).toBe(false);
  });

  it('refuses a definition naming a state it does not declare', () => {
    expect(() =>
      defineLifecycle({
        name: 'broken',
        states: ['a', 'b'],
        initial: 'a',
        transitions: { go: { from: ['a'], to: 'c' as 'b' } },
        colors: { a: 'default', b: 'green' },
        labels: { states: { a: 'a', b: 'b' }, commands: { go: 'go' } },
      }),
    ).toThrow(/unknown state "c"/);
  });
});

describe('the declared lifecycles', () => {
  it('notices: released notices are neither edited nor deleted, and unrelease leads back to an editable state', () => {
    expect(NOTICE_LIFECYCLE.abilities('released')).toEqual({ modify: false, delete: false, release: false, unrelease: true, freeze: true, unfreeze: false });
    expect(NOTICE_LIFECYCLE.canEdit(NOTICE_LIFECYCLE.transitions.unrelease.to)).toBe(true);
  });

  it('registrations are decided once', () => {
    for (const s of ['approved', 'refused'] as const) expect(REGISTRATION_LIFECYCLE.commandAbilities(s)).toEqual({ approve: false, refuse: false });
    expect(REGISTRATION_LIFECYCLE.commandAbilities('pending')).toEqual({ approve: true, refuse: true });
  });

  it('lecturer abilities merge the freeze and certification commands', () => {
    const a = { ...LECTURER_LIFECYCLE.abilities('normal'), ...LECTURER_CERTIFICATION.commandAbilities('certified') };
    expect(LecturerAbilitiesSchema.parse(a)).toEqual({ modify: true, delete: true, freeze: true, unfreeze: false, certify: false, uncertify: true });
  });
});
