import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('is a text box named by its label, described by its error, and marked invalid', () => {
    render(<TextArea label="State overrides (optional JSON)" error="State overrides are JSON." hint="Per address." mono rows={2} />);
    const box = screen.getByRole('textbox', { name: 'State overrides (optional JSON)', description: 'State overrides are JSON. Per address.' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('rows')).toBe('2');
  });

  it('takes its own classes and attributes, and types several lines', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('');
      return <TextArea label="Calldata" mono inputClassName="call-textarea" spellCheck={false} value={value} onChange={(event) => setValue(event.target.value)} />;
    }
    render(<Controlled />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Calldata' });
    await user.type(box, '0x12{Enter}34');
    expect(box.value).toBe('0x12\n34');
    expect(box.className).toBe('input mono call-textarea');
    expect(box.getAttribute('spellcheck')).toBe('false');
    expect(box.hasAttribute('aria-describedby')).toBe(false);
  });
});
