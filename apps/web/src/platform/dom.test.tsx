// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Card, Tag } from 'antd';
import { asButton } from './dom';

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
