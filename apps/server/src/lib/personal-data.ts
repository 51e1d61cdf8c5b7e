/**
 * The personal-data registry (issue 25, item 4; decision 032, "Personal data"): every feature whose
 * tables hold a person's data registers one part, as it registers its routes, and the console's
 * customer export and erasure (features/customers) run the parts without knowing their tables.
 *
 * Parts run in their stated `order` (an explicit number, not a graph of needs: the order also fixes the
 * sections of the export document and the keys of the erasure's answer, which the console and people
 * read, so it is written down rather than derived). Each part's `locate` may add to the shared
 * `Person` what later parts need to find their rows. The erasure scrubs the kept text of every part
 * first, then erases in the same order, except the parts that say who the person is (`saysWho`: the
 * customer, the accounts), which go last and in reverse, after everything found through them.
 * All of it in the caller's transaction: a part that throws rolls the whole erasure back.
 */
import type { Transaction } from 'kysely';
import type { CustomerDetail } from '@sunward/core/console-customers';
import type { Database, Db } from '../db/database.ts';
import { scrubberFor } from './personal-text.ts';

/** What the parts found out about the person so far: what later parts need to find their rows. */
export interface Person {
  customerId: string;
  /**
   * Lowercase addresses the person proved (verified at their issuer or account). Only these find the
   * records kept without a customer (guest orders and checkouts): an unverified address may be anyone's
   * (anyone can type one at sign-up), and exporting or erasing a stranger's records would be a breach
   * of its own.
   */
  verifiedEmails: string[];
  /** Lowercase addresses of theirs the shop wrote to: the verified ones, their accounts', their orders'. */
  addresses: string[];
  /** Their sign-in identities' subjects (a built-in account's id is its subject). */
  subjects: string[];
  /** Their orders (signed in, or as a guest with a verified address), newest first. */
  orders: { id: string; orderNumber: string; status: string }[];
  /** The payment intents of their orders and checkouts. */
  paymentIntentIds: string[];
  /** Their orders' returns: `publicId` is the return's id in the export. */
  returns: { id: string; publicId: string }[];
}

/** Sections of the export document, in the order they are written. */
export type ExportSections = Record<string, unknown>;

/** The records of a section an earlier part wrote (an array of objects), for a later one to fill in. */
export const sectionRecords = (document: ExportSections, section: string) =>
  (Array.isArray(document[section]) ? document[section] : []) as Record<string, unknown>[];

/** Sections of the console's customer page (the customer and identities are the customers' own). */
export type DetailSections = Partial<Omit<CustomerDetail, 'customer' | 'identities'>>;

/** What an erasure gives each part besides its own rows. */
export interface Erasure {
  /** When (ISO 8601), the same for every row. */
  at: string;
  /** The person as every part left it (complete: every part has located). */
  person: Person;
  /** The strings that name the person, every part's, longest first. */
  identifiers: readonly string[];
  /** `text` with each identifier replaced by ERASED_TEXT (any case). */
  scrub(text: string): string;
}

type Trx = Transaction<Database>;

export interface PersonalDataPart<Found = unknown> {
  /** The feature that owns it (for messages). */
  feature: string;
  /** Its tables that hold personal data or point to a person; a table belongs to one part. */
  tables: readonly string[];
  /** Lower runs first (see the top of this file). */
  order: number;
  /** Says who the person is (customer, accounts): erased last, after what was found through it. */
  saysWho?: boolean;
  /** Its rows of the person; may add to `person` what later parts need. */
  locate(db: Db, person: Person): Promise<Found>;
  /** The strings that name the person in its rows (names, emails, phones, street lines). */
  identifiers?(found: Found): (string | null | undefined)[];
  /**
   * Its sections of the export document. `document` holds the sections written before: a part whose
   * records are shown inside another's (a return inside its order) fills in the field left for it.
   */
  export?(db: Db, found: Found, document: ExportSections): Promise<ExportSections>;
  /** Its sections of the console's customer page. */
  detail?(found: Found): DetailSections;
  /** Free text it keeps for the records, identifiers replaced; answers how many texts changed. */
  scrubKept?(trx: Trx, found: Found, erasure: Erasure): Promise<number>;
  /** Erases or deletes its rows of the person; answers counts by kind (the erasure's answer). */
  erase?(trx: Trx, found: Found, erasure: Erasure): Promise<Record<string, number>>;
}

/** A part, typed by what it finds (for `definePart`'s inference). */
export const definePart = <Found>(part: PersonalDataPart<Found>): PersonalDataPart<Found> => part;

/** What every part found of one person. */
export class Located {
  constructor(
    readonly person: Person,
    private readonly found: Map<PersonalDataPart, unknown>,
  ) {}

  /** What `part` found (it must be registered). */
  of<Found>(part: PersonalDataPart<Found>): Found {
    if (!this.found.has(part as PersonalDataPart)) {
      throw new Error(`${part.feature}: not registered`);
    }
    return this.found.get(part as PersonalDataPart) as Found;
  }
}

/** The key of the erasure's answer that counts the kept texts cleaned, after every part's counts. */
export const KEPT_TEXT_COUNT = 'notesCleaned';

export class PersonalData {
  #parts: PersonalDataPart[] = [];

  /** Adds a part; a table or an order already taken is a defect (two parts would race for it). */
  register<Found>(part: PersonalDataPart<Found>): void {
    for (const other of this.#parts) {
      const shared = part.tables.filter((t) => other.tables.includes(t));
      if (shared.length) {
        throw new Error(`${part.feature}: ${shared.join(', ')} already belong to ${other.feature}`);
      }
      if (other.order === part.order) {
        throw new Error(`${part.feature}: order ${part.order} is ${other.feature}'s already`);
      }
    }
    this.#parts = [...this.#parts, part as PersonalDataPart].sort((a, b) => a.order - b.order);
  }

  /** The parts in their order. */
  get parts(): readonly PersonalDataPart[] {
    return this.#parts;
  }

  /** Every table some part answers for. */
  get tables(): string[] {
    return this.#parts.flatMap((p) => [...p.tables]);
  }

  /**
   * What every part holds of the customer `customerId`; with `provenEmail` (lowercase), of the person
   * who proved that address too (decision 053: a guest, located under an id that owns nothing or the
   * placeholder their erasure made): it finds the records kept without a customer, as a verified
   * address does.
   */
  async locate(db: Db, customerId: string, provenEmail?: string): Promise<Located> {
    const person: Person = {
      customerId,
      verifiedEmails: provenEmail ? [provenEmail] : [],
      addresses: provenEmail ? [provenEmail] : [],
      subjects: [],
      orders: [],
      paymentIntentIds: [],
      returns: [],
    };
    const found = new Map<PersonalDataPart, unknown>();
    for (const part of this.#parts) found.set(part, await part.locate(db, person));
    return new Located(person, found);
  }

  /** The parts' sections of the export document, in order. */
  async export(db: Db, located: Located): Promise<ExportSections> {
    const document: ExportSections = {};
    for (const part of this.#parts) {
      Object.assign(document, await part.export?.(db, located.of(part), document));
    }
    return document;
  }

  detail(located: Located): DetailSections {
    return Object.assign({}, ...this.#parts.map((part) => part.detail?.(located.of(part)) ?? {}));
  }

  /** Every part's identifiers and the person's addresses: 3+ characters, distinct, longest first. */
  identifiers(located: Located): string[] {
    const unique = new Set<string>();
    const all = [
      ...located.person.addresses,
      ...this.#parts.flatMap((part) => part.identifiers?.(located.of(part)) ?? []),
    ];
    for (const value of all) {
      const text = value?.trim();
      if (text && text.length >= 3) unique.add(text);
    }
    // Longest first, so "Ann Lee" goes before "Ann".
    return [...unique].sort((a, b) => b.length - a.length);
  }

  /** Erases in `trx` (see the top of this file); answers the counts by kind. */
  async erase(trx: Trx, located: Located, at: string): Promise<Record<string, number>> {
    const identifiers = this.identifiers(located);
    const erasure: Erasure = {
      at,
      person: located.person,
      identifiers,
      scrub: scrubberFor(identifiers),
    };
    let cleaned = 0;
    for (const part of this.#parts) {
      cleaned += (await part.scrubKept?.(trx, located.of(part), erasure)) ?? 0;
    }
    const records = this.#parts.filter((p) => !p.saysWho);
    const whoTheyAre = this.#parts.filter((p) => p.saysWho).reverse();
    const counts: Record<string, number> = {};
    for (const part of [...records, ...whoTheyAre]) {
      const answer = (await part.erase?.(trx, located.of(part), erasure)) ?? {};
      for (const [kind, n] of Object.entries(answer)) counts[kind] = (counts[kind] ?? 0) + n;
    }
    return { ...counts, [KEPT_TEXT_COUNT]: cleaned };
  }
}
