// `npm start` until the app exists: how a sample of real-world tool names is exposed.
import { assignToolNames } from './naming.js';

const servers = [
  { uuid: 'filesystem-home', tools: ['read_file', 'write_file', 'list_allowed_directories'] },
  { uuid: 'filesystem-work', tools: ['read_file', 'write_file', 'list_allowed_directories'] },
  { uuid: 'unity', tools: ['unity/health', 'unity/changes/apply', 'server:tool', 'admin.tools.list'] },
  { uuid: 'misc', tools: ['café', '搜索', '2fa_code', 'read_file_1', 'x'.repeat(80)] },
];
const rows = assignToolNames(servers, { reserved: ['search'] }).map((a) => ({
  server: a.uuid,
  original: a.original.length > 40 ? `${a.original.slice(0, 37)}...` : a.original,
  exposed: a.exposed,
  why: a.reasons.join(', '),
}));
console.table(rows);
