// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Card, Tag } from 'antd';
import { asButton, useReducedMotion } from './dom';

afterEach(cleanup);

describe('asButton: a card or a tag pressed from the keyboard', () => {
  it('is a focusable button that Enter and Space press, as a click does', () => {
    const pressed: string[] = [];
    render(
      <>
        <Card {...asButton(() => pressed.push('card'))}>Students</Card>
        <Tag {...asButton(() => pressed.push('tag'))}>Safety</Tag>
      </>,
    );
    const [card, tag] = screen.getAllByRole('button');
    expect(card!.tabIndex).toBe(0);
    expect(tag!.tabIndex).toBe(0);
    fireEvent.keyDown(card!, { key: 'Enter' });
    fireEvent.keyDown(tag!, { key: ' ' });
    fireEvent.click(card!);
    fireEvent.keyDown(card!, { key: 'a' });
    expect(pressed).toEqual(['card', 'tag', 'card']);
  });

  it('leaves an element without an action as it was: no button, no tab stop', () => {
    render(<Card {...asButton(undefined)}>Count</Card>);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('useReducedMotion: the system setting, followed live', () => {
  it('answers the media query and follows its change', () => {
    const listeners = new Set<() => void>();
    const query = {
      matches: false,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    };
    vi.stubGlobal('matchMedia', (q: string) => (q === '(prefers-reduced-motion: reduce)' ? query : { matches: false, addEventListener() {}, removeEventListener() {} }));
    function Probe() {
      return <span data-testid="motion">{useReducedMotion() ? 'still' : 'moving'}</span>;
    }
    try {
      render(<Probe />);
      expect(screen.getByTestId('motion').textContent).toBe('moving');
      query.matches = true;
      act(() => listeners.forEach((l) => l()));
      expect(screen.getByTestId('motion').textContent).toBe('still');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
