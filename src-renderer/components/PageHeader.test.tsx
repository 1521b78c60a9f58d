import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('is a header with the title as a level-one heading, its line and its actions', () => {
    const { container } = render(<PageHeader title="Call" description="eth_call on Local." actions={<button type="button">Copy link</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Call' }).className).toBe('page-title');
    expect(screen.getByText('eth_call on Local.').className).toBe('page-subtitle');
    const header = container.firstElementChild as HTMLElement;
    expect(header.tagName).toBe('HEADER');
    expect(header.className).toBe('page-header');
    expect(header.lastElementChild?.textContent).toBe('Copy link');
  });

  it('is a level-two heading with an id inside a screen that has its own, and has no line when given none', () => {
    const { container } = render(<PageHeader level={2} title="Appearance" titleId="appearance-title" className="wide" headingClassName="heading" />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Appearance' });
    expect(heading.id).toBe('appearance-title');
    expect(container.querySelector('.page-subtitle')).toBeNull();
    expect((container.firstElementChild as HTMLElement).className).toBe('page-header wide');
    expect(heading.parentElement?.className).toBe('heading');
  });
});
