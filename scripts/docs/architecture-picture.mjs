// Draws docs/architecture.md's pictures from the code: the server's folders with the imports
// between them (each folder on its floor, read by dependency-cruiser as `npm run lint` reads
// them), and the domain events with the folders that record them and the subscribers that hear
// them. `--check` fails, without writing, when the doc's pictures are not what the code draws,
// so `npm run lint` keeps them true.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

const DOC = 'docs/architecture.md';
const SERVER = 'src/server/';

/** The folder a server file belongs to, or the file itself at the server's top. */
const roomOf = (file) => {
  const rest = file.slice(SERVER.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? rest : `${rest.slice(0, slash)}/`;
};

async function serverRooms() {
  const config = (await import(path.resolve('.dependency-cruiser.cjs'))).default;
  const { output: answer } = await cruise([SERVER], { ...config.options, validate: false });
  const output = typeof answer === 'string' ? JSON.parse(answer) : answer;
  const arrows = new Map();
  for (const module of output.modules) {
    if (!module.source.startsWith(SERVER)) continue;
    const from = roomOf(module.source);
    if (!arrows.has(from)) arrows.set(from, new Set());
    for (const dependency of module.dependencies) {
      if (!dependency.resolved.startsWith(SERVER)) continue;
      const to = roomOf(dependency.resolved);
      if (to !== from) arrows.get(from).add(to);
    }
  }
  return arrows;
}

/** Each room's floor: 1 for a room importing no other, else one above the highest it imports. */
function floorsOf(arrows) {
  const floors = new Map();
  const floor = (room) => {
    if (!floors.has(room)) floors.set(room, 1 + Math.max(0, ...[...(arrows.get(room) ?? [])].map(floor)));
    return floors.get(room);
  };
  for (const room of arrows.keys()) floor(room);
  return floors;
}

/** The arrows a longer way does not already imply, which is what a reader follows. */
function withoutImplied(arrows) {
  const reach = (from, seen = new Set()) => {
    for (const to of arrows.get(from) ?? []) if (!seen.has(to)) reach(to, seen.add(to));
    return seen;
  };
  const kept = new Map();
  for (const [from, tos] of arrows) {
    const direct = [...tos].filter((to) => ![...tos].some((other) => other !== to && reach(other).has(to)));
    kept.set(from, direct.sort());
  }
  return kept;
}

const id = (room) => room.replace(/[^a-z0-9]/gi, '_');

function serverPicture(arrows) {
  const floors = floorsOf(arrows);
  const kept = withoutImplied(arrows);
  const byFloor = new Map();
  for (const [room, floor] of floors) byFloor.set(floor, [...(byFloor.get(floor) ?? []), room].sort());
  const lines = ['```mermaid', 'flowchart TB'];
  for (const floor of [...byFloor.keys()].sort((a, b) => b - a)) {
    lines.push(`  subgraph floor${floor}["floor ${floor}"]`);
    for (const room of byFloor.get(floor)) lines.push(`    ${id(room)}["${room}"]`);
    lines.push('  end');
  }
  for (const [from, tos] of [...kept].sort(([a], [b]) => a.localeCompare(b)))
    for (const to of tos) lines.push(`  ${id(from)} --> ${id(to)}`);
  lines.push('```');
  const deepest = Math.max(...floors.values());
  return [
    `The server's folders, ${floors.size} of them on ${deepest} floors: an arrow is an import, and`,
    'only the arrows no longer way already implies are drawn.',
    '',
    ...lines,
  ].join('\n');
}

/** Every `.ts` file under a folder. */
const sources = (folder) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));

function eventsPicture() {
  const contract = readFileSync('src/shared/events/domain-events.ts', 'utf8');
  const list = contract.match(/DOMAIN_EVENT_TYPES = \[([^\]]*)\]/)[1];
  const types = [...list.matchAll(/'([a-z-]+)'/g)].map(([, type]) => type);
  const recorders = new Map(types.map((type) => [type, new Set()]));
  const subscribers = [];
  for (const file of sources(SERVER)) {
    const text = readFileSync(file, 'utf8');
    // A file that records events: every event type it names after `type:` is one it records.
    if (/recordEvents?\(/.test(text) && !file.endsWith('record-event.ts'))
      for (const [, type] of text.matchAll(/type:\s*(?:[^,;{}]*?\?\s*)?'([a-z-]+)'/g))
        recorders.get(type)?.add(roomOf(file));
    for (const [, type] of text.matchAll(/type:\s*[^,;{}]*?\?\s*'[a-z-]+'\s*:\s*'([a-z-]+)'/g))
      if (/recordEvents?\(/.test(text)) recorders.get(type)?.add(roomOf(file));
    for (const [, name] of text.matchAll(/events\.subscribe\(\s*'([a-z0-9-]+)'/g))
      subscribers.push(`\`${name}\` (${roomOf(file)})`);
    // A module's own: `subscribers: (deps) => [{ name: '...', handle }, ...]`.
    const declared = file.endsWith('-module.ts') && text.split(/\n {2}subscribers\b/)[1];
    if (declared)
      for (const [, name] of declared.split(/\n {2}[a-zA-Z]+\b/)[0].matchAll(/name:\s*'([a-z0-9-]+)'/g))
        subscribers.push(`\`${name}\` (${roomOf(file)})`);
  }
  const lines = ['```mermaid', 'flowchart LR'];
  for (const type of types) lines.push(`  ${id(type)}(["${type}"])`);
  const rooms = [...new Set([...recorders.values()].flatMap((set) => [...set]))].sort();
  for (const room of rooms) lines.push(`  ${id(room)}["${room}"]`);
  for (const type of types)
    for (const room of [...recorders.get(type)].sort()) lines.push(`  ${id(room)} --> ${id(type)}`);
  lines.push('```');
  return [
    'The folders that record each event, in the transaction of the change. Subscribers:',
    `${subscribers.length ? subscribers.sort().join(', ') : 'none yet'}.`,
    '',
    ...lines,
  ].join('\n');
}

/** The doc with each marked block replaced by what the code draws. */
function drawn(doc, blocks) {
  let out = doc;
  for (const [name, body] of Object.entries(blocks)) {
    const start = `<!-- drawn from the code: ${name} -->`;
    const end = `<!-- end of ${name} -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from === -1 || to === -1) throw new Error(`${DOC} has no ${start} ... ${end} block`);
    out = `${out.slice(0, from + start.length)}\n\n${body}\n\n${out.slice(to)}`;
  }
  return out;
}

const doc = readFileSync(DOC, 'utf8');
const next = drawn(doc, {
  'server folders': serverPicture(await serverRooms()),
  'domain events': eventsPicture(),
});
if (process.argv.includes('--check')) {
  if (next !== doc) {
    console.error(`${DOC}: its pictures are not what the code draws. Run: npm run docs:pictures`);
    process.exit(1);
  }
} else if (next !== doc) {
  writeFileSync(DOC, next);
  console.log(`${DOC}: pictures redrawn`);
}
