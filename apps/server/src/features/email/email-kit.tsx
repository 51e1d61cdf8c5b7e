/**
 * The one template system of the shop's emails (docs/decisions/043): each email is a React element
 * built from these components (react-email's, which write the tables and inline styles mail clients
 * render), rendered once to static HTML by React; the plain-text part is that HTML converted by
 * html-to-text, so the two parts never say different things. React escapes every piece of text and
 * every attribute, so a shopper's name or message cannot become markup.
 */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { plainTextSelectors } from '@react-email/render';
import { compile, type HtmlToTextOptions } from 'html-to-text';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** Who the email is from: the shopName and supportEmail settings, and SITE_URL. */
export interface ShopIdentity {
  name: string;
  siteUrl: string;
  supportEmail: string;
}

export interface EmailMessage {
  subject: string;
  html: string;
  text: string;
}

export const COLORS = { brand: '#0b5cad', text: '#1a1a1a', muted: '#6b7280', line: '#e5e7eb' };
const FONT = 'Arial,Helvetica,sans-serif';

/**
 * The plain-text rules: react-email's own (images skipped, no bare link brackets), then the shop's:
 * headings as written, links as "words <url>" (RFC 3986 appendix C), amounts apart.
 */
const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    ...(plainTextSelectors as NonNullable<HtmlToTextOptions['selectors']>),
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'a', options: { linkBrackets: ['<', '>'], hideLinkHrefIfSameAsText: true } },
    {
      selector: 'table.amount-line',
      format: 'block',
      options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
    },
    { selector: 'td.amount', format: 'amountCell' },
    { selector: 'td.figure', format: 'figureCell' },
  ],
  formatters: {
    // A line's amount: two spaces after its words, as the text part of an invoice line reads.
    amountCell: (
      elem: { children: unknown[] },
      walk: (nodes: unknown[], builder: unknown) => void,
      builder: { addLiteral: (text: string) => void },
    ) => {
      builder.addLiteral('  ');
      walk(elem.children, builder);
    },
    // A labelled figure: "Total: $94.28".
    figureCell: (
      elem: { children: unknown[] },
      walk: (nodes: unknown[], builder: unknown) => void,
      builder: { addLiteral: (text: string) => void },
    ) => {
      builder.addLiteral(' ');
      walk(elem.children, builder);
    },
  },
} as HtmlToTextOptions;

/**
 * The converter, compiled once: html-to-text builds its selector decision tree on every `convert`
 * (react-email's `toPlainText` calls it per email), which was a third of an order's email rendering.
 */
const toPlainText = compile(TEXT_OPTIONS);

/** The document type react-email's components are written for (what its own `render` puts first). */
export const EMAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Renders an email: the HTML, and the plain text made from that same HTML.
 *
 * React's static markup, as react-email's own `render` makes it less the streaming renderer's
 * comments (`<!--$-->`, `<!-- -->` between pieces of text), which an email has no use for, in
 * a third of the time (docs/decisions/043, amended). Nothing in an email suspends; a part that did
 * would throw.
 */
export async function renderEmail(subject: string, email: ReactNode): Promise<EmailMessage> {
  const html = EMAIL_DOCTYPE + renderToStaticMarkup(email);
  const text = `${toPlainText(html).trim()}\n`;
  return { subject, html, text };
}

const host = (siteUrl: string) => siteUrl.replace(/^https?:\/\//, '');

/**
 * The shop's layout: a header with its name, the body, and a footer with the support address and a
 * link to the site (`footer` adds lines to it: a marketing email's postal address and unsubscribe).
 */
export function EmailLayout(props: {
  shop: Pick<ShopIdentity, 'name' | 'siteUrl'> & { supportEmail?: string };
  subject: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { shop } = props;
  return (
    <Html lang="en">
      <Head>
        <title>{props.subject}</title>
      </Head>
      <Body style={{ margin: 0, padding: 0, background: '#f4f6f8', fontFamily: FONT }}>
        <Container
          style={{
            maxWidth: '600px',
            background: '#ffffff',
            borderRadius: '8px',
            color: COLORS.text,
          }}
        >
          <Section
            style={{
              padding: '24px 32px',
              background: COLORS.brand,
              borderRadius: '8px 8px 0 0',
            }}
          >
            <Text style={{ color: '#ffffff', fontSize: '22px', fontWeight: 'bold', margin: 0 }}>
              {shop.name}
            </Text>
          </Section>
          <Section style={{ padding: '24px 32px' }}>{props.children}</Section>
          <Hr style={{ borderColor: COLORS.line, margin: 0 }} />
          <Section style={{ padding: '16px 32px 24px' }}>
            {shop.supportEmail ? (
              <Small>
                Questions? Write to{' '}
                <EmailLink href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</EmailLink>.
              </Small>
            ) : null}
            <Small>
              {shop.name} · <EmailLink href={shop.siteUrl}>{host(shop.siteUrl)}</EmailLink>
            </Small>
            {props.footer}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The email's heading. */
export function EmailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ fontSize: '20px', margin: '0 0 8px' }}>
      {children}
    </Heading>
  );
}

/** A smaller heading within the body. */
export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ fontSize: '16px', margin: '24px 0 4px' }}>
      {children}
    </Heading>
  );
}

/** A paragraph; its text breaks where it has line breaks. */
export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Text style={{ fontSize: '14px', lineHeight: '20px', margin: '0 0 12px', ...style }}>
      {children}
    </Text>
  );
}

/** The footer's small print. */
export function Small({ children }: { children: ReactNode }) {
  return (
    <Text style={{ fontSize: '12px', lineHeight: '18px', margin: '0 0 4px', color: COLORS.muted }}>
      {children}
    </Text>
  );
}

/** A link in the shop's colour. */
export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: COLORS.brand, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

/**
 * A button to the link, and the link written out below it for clients that show no buttons (the
 * plain text has only the written-out link).
 */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Section style={{ margin: '24px 0' }} data-skip-in-text="true">
        <Button
          href={href}
          style={{
            background: COLORS.brand,
            color: '#ffffff',
            padding: '12px 20px',
            borderRadius: '8px',
            fontWeight: 'bold',
            fontSize: '14px',
          }}
        >
          {children}
        </Button>
      </Section>
      <Paragraph style={{ color: COLORS.muted, fontSize: '13px', wordBreak: 'break-all' }}>
        {`Or open this link: ${href}`}
      </Paragraph>
    </>
  );
}

/** One line of a list of amounts: words left, the amount right (apart in the text part too). */
export interface AmountLine {
  what: ReactNode;
  amount?: string;
  bold?: boolean;
}

/**
 * Lines of words and amounts: the products of an order; with `labels`, figures named by their label
 * ("Total: $94.28" in the text part).
 */
export function AmountLines({
  lines,
  labels = false,
  style,
}: {
  lines: readonly AmountLine[];
  labels?: boolean;
  style?: CSSProperties;
}) {
  const cell: CSSProperties = {
    padding: '8px 0',
    borderBottom: `1px solid ${COLORS.line}`,
    fontSize: '14px',
  };
  return (
    <Section style={{ margin: '0 0 16px', ...style }}>
      {lines.map((line, i) => {
        const weight: CSSProperties = line.bold ? { fontWeight: 'bold' } : {};
        return (
          <Row key={i} className="amount-line">
            <Column style={{ ...cell, ...weight }}>
              {line.what}
              {labels ? ':' : null}
            </Column>
            {line.amount ? (
              <Column
                className={labels ? 'figure' : 'amount'}
                align="right"
                style={{ ...cell, ...weight }}
              >
                {line.amount}
              </Column>
            ) : null}
          </Row>
        );
      })}
    </Section>
  );
}

/** Lines of text kept as written (line breaks included): an address, a message. */
export function Lines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}
