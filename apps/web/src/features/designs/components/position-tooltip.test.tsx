import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PositionTooltip } from './position-tooltip.tsx';

function setup() {
  const user = userEvent.setup();
  render(
    <>
      <PositionTooltip />
      <p>Outside</p>
    </>,
  );
  const button = screen.getByRole('button', { name: 'About graphic position' });
  const tip = () => screen.queryByRole('tooltip');
  return { user, button, tip };
}

describe('PositionTooltip', () => {
  it('a click opens it (the focus that comes with the click does not undo it); a second closes it', async () => {
    const { user, button, tip } = setup();
    await user.click(button);
    expect(tip()).not.toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.click(button);
    expect(tip()).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and on a click outside', async () => {
    const { user, button, tip } = setup();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(tip()).toBeNull();
    await user.click(button);
    expect(tip()).not.toBeNull();
    await user.click(screen.getByText('Outside'));
    expect(tip()).toBeNull();
  });

  it('opens on keyboard focus and on hover, and describes the button either way', async () => {
    const { user, button, tip } = setup();
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    await user.tab();
    expect(tip()).not.toBeNull();
    await user.tab();
    expect(tip()).toBeNull();
    await user.hover(button);
    expect(tip()).not.toBeNull();
    await user.unhover(button);
    expect(tip()).toBeNull();
  });

  it('stays open after a click while the pointer moves away', async () => {
    const { user, button, tip } = setup();
    await user.hover(button);
    await user.click(button);
    await user.unhover(button);
    expect(tip()).not.toBeNull();
  });
});
