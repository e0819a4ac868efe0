import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SHELL_RENDERER_DIR = path.join(ROOT, 'out', 'shell-renderer');
