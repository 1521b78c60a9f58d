import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetRemovedDialogs, installDialogStub } from './installDialogStub';
import { installLayoutStub } from './installLayoutStub';

// The component tier's DOM (jsdom), with what jsdom lacks and the components use: `<dialog>`'s behaviour and
// box sizes for the virtual table.
installDialogStub();
installLayoutStub();

// As main.tsx renders the app: effects run twice on mount, so a component that only works once is caught here.
configure({ reactStrictMode: true });

// Each test starts from an empty document, no spies and an empty clipboard: user-event's setup() puts a
// clipboard stub on `navigator`, and a new one is made at the next setup() once this one is gone.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  forgetRemovedDialogs();
  Reflect.deleteProperty(navigator, 'clipboard');
});
