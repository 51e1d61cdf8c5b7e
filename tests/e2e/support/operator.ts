import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { currentShop } from './shop-server.ts';
import { createAccountThroughShop } from './sign-in.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Grants or revokes the operators' role the way the README says an engineer does
 * (`npm run admin -- grant <email>`), on this worker's shop's database.
 */
export function runAdminCommand(verb: 'grant' | 'revoke', email: string): string {
  const { databaseUrl } = currentShop();
  return execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/cli.ts'), 'admin', verb, email],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
  );
}

/**
 * A new operator: an account created through the shop's Sign In, then granted the role from the
 * command line. The browser stays signed in as them.
 */
export async function createOperator(
  page: Page,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<{ name: string; email: string; password: string }> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const operator = {
    name: input.name ?? 'Olivia Operator',
    email: input.email ?? `operator-${stamp}@example.com`,
    password: input.password ?? 'sun-shirts-operator-1',
  };
  await createAccountThroughShop(page, operator);
  runAdminCommand('grant', operator.email);
  return operator;
}
