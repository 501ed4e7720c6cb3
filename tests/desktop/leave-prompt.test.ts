import { describe, expect, it, vi } from 'vitest';
import { attachLeavePrompt, LEAVE_BUTTONS, type LeaveDialogOptions } from '../../src/main/leave-prompt';

/** A window's page as far as the prompt sees it: it keeps its listeners so the test can fire them. */
function fakeContents() {
  const listeners: ((event: { preventDefault(): void }) => void)[] = [];
  return {
    on: (name: string, listener: (event: { preventDefault(): void }) => void) => {
      if (name === 'will-prevent-unload') listeners.push(listener);
    },
    /** What Electron does when the page's beforeunload refused: fires the event, then unloads only if prevented. */
    unload() {
      const event = { preventDefault: vi.fn() };
      listeners.forEach((listener) => listener(event));
      return { left: event.preventDefault.mock.calls.length > 0, listeners: listeners.length };
    },
  };
}

describe('the console asks before a page with unsaved work is closed or reloaded', () => {
  it('asks with a native Leave / Stay dialog, Stay being the default and what Escape means', () => {
    const contents = fakeContents();
    const asked: LeaveDialogOptions[] = [];
    attachLeavePrompt(contents, (options) => {
      asked.push(options);
      return 1;
    });
    expect(contents.unload()).toEqual({ left: false, listeners: 1 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ type: 'question', defaultId: 1, cancelId: 1 });
    expect(asked[0]!.buttons).toEqual([...LEAVE_BUTTONS]);
    expect(asked[0]!.buttons[asked[0]!.defaultId]).toBe('Stay');
  });

  it('lets the page go when the admin chooses Leave', () => {
    const contents = fakeContents();
    attachLeavePrompt(contents, () => 0);
    expect(contents.unload().left).toBe(true);
  });

  it('tells whoever waits on the window (a restart to update) which way the admin chose', () => {
    const contents = fakeContents();
    const answers = [1, 0];
    const heard: string[] = [];
    attachLeavePrompt(
      contents,
      () => answers.shift()!,
      (choice) => heard.push(choice),
    );
    expect(contents.unload().left).toBe(false);
    expect(contents.unload().left).toBe(true);
    expect(heard).toEqual(['stay', 'leave']);
  });
});
