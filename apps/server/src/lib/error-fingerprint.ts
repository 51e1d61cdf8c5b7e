/**
 * The group of a storefront error report (POST /api/log-error): its type, its message and the first
 * frame of its stack, hashed. Reports of one bug share it, so the console lists each bug once with a
 * count. Used when a report is stored and by migration 016 for the reports stored before it.
 */
import { createHash } from 'node:crypto';

/**
 * The stack's first frame: V8 writes "TypeError: message" before its frames ("    at f (url:1:2)"),
 * Firefox and Safari write frames only ("f@url:1:2"); the header line is skipped when it repeats the
 * message. Empty when there is no stack.
 */
export function topStackFrame(stack: string | null | undefined, message = ''): string {
  if (!stack) return '';
  const lines = stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const frame = lines.find((line) => /^at\s/.test(line) || /@/.test(line));
  if (frame) return frame.slice(0, 500);
  const first = lines[0] ?? '';
  return message && first.includes(message) ? (lines[1] ?? '').slice(0, 500) : first.slice(0, 500);
}

export function errorFingerprint(report: {
  type?: string | null;
  message: string;
  stack?: string | null;
}): string {
  return createHash('sha256')
    .update(
      `${report.type ?? ''}\n${report.message}\n${topStackFrame(report.stack, report.message)}`,
    )
    .digest('base64url')
    .slice(0, 22);
}
