/** NODE_ENV=production: the built-in provider refuses settings that would make sign-in unsafe. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { optionProblems, productionProblems } from './oidc-production.ts';

const production = (env: Record<string, string>): Config => ({
  ...loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://shop.example', ...env }),
  webDistDir: '/nonexistent',
});

describe('the identity provider in production', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database?.drop());

  it('refuses to start on http, saying why', async () => {
    const config = {
      ...production({ SITE_URL: 'http://shop.example' }),
      databaseUrl: database.url,
    };
    await expect(buildApp({ config, database, logger: false })).rejects.toThrow(
      /refuses to start with NODE_ENV=production:\n- SITE_URL is "http:\/\/shop.example": .*https/,
    );
  });

  it.each([
    [{ DATABASE_URL: ':memory:' }, /in-memory database/],
    [{ OIDC_COOKIE_KEYS: 'dev-key' }, /OIDC_COOKIE_KEYS has 1 key\(s\) shorter than 32/],
  ])('refuses %j', (env, reason) => {
    const problems = productionProblems(production(env));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(reason);
  });

  it('accepts https with keys from the database, and starts', async () => {
    const config = { ...production({}), databaseUrl: database.url };
    expect(productionProblems(config)).toEqual([]);
    const app = await buildApp({ config, database, logger: false });
    const discovery = await app.inject({ url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({ issuer: 'https://shop.example/oidc' });
    await app.close();
  });

  it('does not apply when an outside issuer serves', () => {
    expect(
      productionProblems(production({ SITE_URL: 'http://x', OIDC_ISSUER: 'https://idp.example/' })),
    ).toEqual([]);
  });

  it("finds oidc-provider's development defaults in a configuration", () => {
    expect(optionProblems({})).toEqual([
      expect.stringMatching(/in memory/),
      expect.stringMatching(/development interactions/),
      expect.stringMatching(/development keys/),
      expect.stringMatching(/cookie keys/),
    ]);
  });
});
