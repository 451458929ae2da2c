/**
 * What a conversation and the chat list evaluate before their first render: no zod and none of the
 * contract's schemas. Their first screen is drawn by the server and the app takes it over on a
 * cold phone, where evaluating the schemas alone was a long task (the plain values a screen shows
 * live in contract/limits.ts for this).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticClosure } from './import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Contract modules that hold no schema. */
const PLAIN_CONTRACT = ['src/shared/contract/limits.ts'];

describe.each([
  ['src/features/chats/ChatScreen.tsx', 'src/features/chats/MessageList.tsx'],
  ['src/features/chats/ChatsScreen.tsx', 'src/features/chats/ChatListItem.tsx'],
])('%s before its first render', (screen, part) => {
  const { modules, packages } = staticClosure(ROOT, screen);

  it('reads the screen and what it imports', () => {
    expect(modules).toContain(part);
    expect(packages).toContain('react');
  });

  it('loads no zod', () => {
    expect(packages.filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
  });

  it('loads none of the contract schemas', () => {
    const contract = modules.filter((file) => file.startsWith('src/shared/contract/'));
    expect(contract.filter((file) => !PLAIN_CONTRACT.includes(file))).toEqual([]);
  });
});
