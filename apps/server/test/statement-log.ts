import type { KyselyPlugin } from 'kysely';

/** What a Kysely instance runs, in order: a raw statement's text, or the kind of a built one. */
export function statementLog(): { plugin: KyselyPlugin; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    plugin: {
      transformQuery: ({ node }) => {
        statements.push(
          node.kind === 'RawNode'
            ? node.sqlFragments.join('?')
            : node.kind.replace('QueryNode', ''),
        );
        return node;
      },
      transformResult: async ({ result }) => result,
    },
  };
}
