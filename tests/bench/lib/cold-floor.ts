/**
 * The floor of the `cold` part: a bare React + React Router app that the real server sends from
 * the bench build's own folder, logged in with the same cookie. It asks for the same JSON as the
 * member screens (the user, the settings and the screen's own call) and renders the same cards
 * with their photos, with no worker, IndexedDB or service worker: what a member screen costs
 * before the app's offline machinery.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { tempDir } from './processes';

/** Where the floor lives under the served client folder; its screens are hash routes. */
export const COLD_FLOOR_DIR = 'bench-cold-floor';

/** The floor's address for an app path: `/members` → `/bench-cold-floor/index.html#/members`. */
export function coldFloorPath(appPath: string): string {
  return `/${COLD_FLOOR_DIR}/index.html#${appPath}`;
}

// Phone-sized cards as the app lays them out: two columns, square photos, name and city below.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="The floor of the Amora cold-load benchmark." />
    <title>Cold floor</title>
    <style>
      body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
      main { padding: 1rem; }
      .grid { display: grid; grid-template-columns: repeat(2, 1fr); gap: .5rem; padding: 0; list-style: none; }
      .grid img, .row img { display: block; width: 100%; height: auto; aspect-ratio: 1; }
      .row { display: grid; grid-template-columns: 56px 1fr; gap: .75rem; align-items: center; }
      .row img { width: 56px; border-radius: 50%; }
      h1 { font-size: 1.5rem; margin: 0 0 1rem; }
      h2 { font-size: 1rem; margin: .25rem 0 0; }
      p { margin: 0; color: #555; }
    </style>
  </head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`;

const MAIN_TSX = `import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider, useParams } from 'react-router-dom';

interface Profile {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  main_image: { thumb_filename: string } | null;
}
interface Settings { cdn_prefix: string }

/** The user (as the app asks for it first), the settings and the screen's own call, at once. */
function useJson<T>(path: string): { settings: Settings; data: T } | null {
  const [state, setState] = useState<{ settings: Settings; data: T } | null>(null);
  useEffect(() => {
    const get = (p: string) => fetch(p, { credentials: 'same-origin' }).then((r) => r.json());
    void Promise.all([get('/api/user.php'), get('/api/settings.php'), get(path)]).then(
      ([, settings, data]) => setState({ settings, data }),
    );
  }, [path]);
  return state;
}

function Cards({ profiles, prefix }: { profiles: Profile[]; prefix: string }) {
  return (
    <ul className="grid">
      {profiles.map((p, i) => (
        <li key={p.id}>
          <article>
            {p.main_image && (
              <img src={prefix + p.main_image.thumb_filename} alt="" width="300" height="300"
                loading={i < 4 ? 'eager' : 'lazy'} />
            )}
            <h2>{p.name}{p.age !== null && ', ' + p.age}</h2>
            <p>{p.city}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

function Screen({ title, children }: { title: string; children: React.ReactNode }) {
  return <main><h1>{title}</h1>{children}</main>;
}

function Members() {
  const s = useJson<{ profiles: Profile[] }>('/api/search.php');
  return <Screen title="Members">{s && <Cards profiles={s.data.profiles} prefix={s.settings.cdn_prefix} />}</Screen>;
}

function Likes() {
  const s = useJson<{ profiles: Profile[]; liked_by_profiles?: Profile[] }>('/api/likes.php');
  const shown = s ? (s.data.liked_by_profiles?.length ? s.data.liked_by_profiles : s.data.profiles) : [];
  return <Screen title="Likes">{s && <Cards profiles={shown} prefix={s.settings.cdn_prefix} />}</Screen>;
}

interface ChatEntry { conversation: { id: number; last_message: string | null }; profile: Profile }

function Chats() {
  const s = useJson<{ chats: ChatEntry[] }>('/api/chats.php');
  return (
    <Screen title="Chats">
      {s?.data.chats.map((c) => (
        <div className="row" key={c.conversation.id}>
          {c.profile.main_image ? <img src={s.settings.cdn_prefix + c.profile.main_image.thumb_filename} alt="" width="56" height="56" /> : <span />}
          <div><h2>{c.profile.name}</h2><p>{c.conversation.last_message}</p></div>
        </div>
      ))}
    </Screen>
  );
}

interface Message { id: number; msg: string; sender: number }

function Chat() {
  const id = useParams().chatId;
  const s = useJson<{ msg: Message[] }>('/api/chat.php?conversation=' + id);
  return (
    <Screen title="Chat">
      {s?.data.msg.map((m) => <p key={m.id}>{m.msg}</p>)}
    </Screen>
  );
}

const router = createHashRouter([
  { path: '/members', element: <Members /> },
  { path: '/likes', element: <Likes /> },
  { path: '/chats', element: <Chats /> },
  { path: '/chats/:chatId', element: <Chat /> },
]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
`;

/** Builds the floor with Vite into `<clientDir>/bench-cold-floor`, served by the real server. */
export async function buildColdFloor(clientDir: string): Promise<void> {
  const root = tempDir('cold-floor');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'src/main.tsx'), MAIN_TSX);
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  await build({
    root,
    base: `/${COLD_FLOOR_DIR}/`,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir: join(clientDir, COLD_FLOOR_DIR),
      emptyOutDir: true,
      chunkSizeWarningLimit: 100_000,
    },
  });
}
