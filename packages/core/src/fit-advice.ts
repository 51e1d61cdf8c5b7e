/**
 * Fit advice per design and size (issue 29 item 2, docs/decisions/049): what the published reviews'
 * fit answers and the returns' reasons say of one size, said only when there is enough of them to say
 * it honestly, and the size to suggest to a shopper who names their usual one.
 */
import type { FitAnswer } from './reviews.ts';
import type { ReturnReason } from './returns.ts';
import { SHORT_SIZES, REGULAR_SIZES, sizeInfo, type SizeCode } from './sizes.ts';

/** Fewest fit answers (published reviews of the size) before the reviews' verdict is said. */
export const MIN_FIT_ANSWERS = 5;
/** Fewest returned units of the size with a reason before the returns' verdict is said. */
export const MIN_RETURN_REASONS = 5;
/** The verdict must be given by at least this share of the answers (or reasons), and by more than any other. */
export const MIN_SHARE = 0.5;

export type FitCounts = Record<FitAnswer, number>;
export type ReasonCounts = Record<ReturnReason, number>;

export const noFitCounts = (): FitCounts => ({
  'runs-small': 0,
  'true-to-size': 0,
  'runs-large': 0,
});
export const noReasonCounts = (): ReasonCounts => ({
  'too-short': 0,
  'too-long': 0,
  'too-tight': 0,
  'too-loose': 0,
});

export interface Verdict<K extends string> {
  value: K;
  /** How many said it, of how many. */
  count: number;
  of: number;
}

export interface FitAdvice {
  size: SizeCode;
  fit: Verdict<FitAnswer> | null;
  returns: Verdict<ReturnReason> | null;
  /** The sentence shown beside Size; null when neither verdict holds. */
  text: string | null;
}

/** The answer given by at least MIN_SHARE of `counts` and more than any other, with at least `min` in all. */
export function verdictOf<K extends string>(
  counts: Record<K, number>,
  min: number,
): Verdict<K> | null {
  const entries = Object.entries(counts) as [K, number][];
  const of = entries.reduce((sum, [, n]) => sum + n, 0);
  if (of < min || of === 0) return null;
  const sorted = [...entries].sort((a, b) => b[1] - a[1]);
  const [top, next] = sorted;
  if (!top || top[1] / of < MIN_SHARE || (next && next[1] === top[1])) return null;
  return { value: top[0], count: top[1], of };
}

const FIT_WORDS: Record<FitAnswer, string> = {
  'runs-small': 'it runs small',
  'true-to-size': 'it runs true to size',
  'runs-large': 'it runs large',
};
const REASON_WORDS: Record<ReturnReason, string> = {
  'too-short': 'too short',
  'too-long': 'too long',
  'too-tight': 'too tight',
  'too-loose': 'too loose',
};

/** "MD Short". */
export const sizeWords = (size: SizeCode) => {
  const info = sizeInfo(size);
  return `${info.size} ${info.length === 'short' ? 'Short' : 'Regular'}`;
};

/** The advice for `size` from its published reviews' fit answers and its returns' reasons. */
export function fitAdvice(size: SizeCode, fits: FitCounts, reasons: ReasonCounts): FitAdvice {
  const fit = verdictOf(fits, MIN_FIT_ANSWERS);
  const returns = verdictOf(reasons, MIN_RETURN_REASONS);
  const parts: string[] = [];
  if (fit) parts.push(`Most buyers of ${sizeWords(size)} say ${FIT_WORDS[fit.value]}`);
  if (returns) {
    parts.push(
      `${fit ? 'returns' : `Returns of ${sizeWords(size)}`} for this size are mostly ` +
        `'${REASON_WORDS[returns.value]}'`,
    );
  }
  return { size, fit, returns, text: parts.length ? `${parts.join('; ')}.` : null };
}

export interface SizeSuggestion {
  size: SizeCode;
  /** Why, in words: "MD Short runs small: try LG Short." */
  text: string;
}

const ladderOf = (size: SizeCode): readonly SizeCode[] =>
  (SHORT_SIZES as readonly SizeCode[]).includes(size) ? SHORT_SIZES : REGULAR_SIZES;

/** The same size in the other length, when the shop makes it (XS is Short only, XXL Regular only). */
function otherLength(size: SizeCode): SizeCode | null {
  const { size: name, length } = sizeInfo(size);
  const other = (length === 'short' ? REGULAR_SIZES : SHORT_SIZES) as readonly SizeCode[];
  return other.find((s) => sizeInfo(s).size === name) ?? null;
}

/**
 * The size to suggest to a shopper whose usual size is `usual`, by its advice: the reviews' verdict
 * first (runs small: one size up in the same length; runs large: one down; true to size: the same),
 * else the returns' (too tight: up; too loose: down; too short: the Regular length; too long: the
 * Short length). Null when the advice says nothing, or the size it points to is not made.
 */
export function suggestSize(usual: SizeCode, advice: FitAdvice): SizeSuggestion | null {
  const ladder = ladderOf(usual);
  const at = ladder.indexOf(usual);
  const step = (by: number): SizeCode | null => ladder[at + by] ?? null;
  let size: SizeCode | null = null;
  let why = '';
  if (advice.fit) {
    const move = { 'runs-small': 1, 'true-to-size': 0, 'runs-large': -1 }[advice.fit.value];
    size = step(move);
    why = `buyers say ${sizeWords(usual)} ${FIT_WORDS[advice.fit.value].replace('it ', '')}`;
  } else if (advice.returns) {
    const reason = advice.returns.value;
    size =
      reason === 'too-tight'
        ? step(1)
        : reason === 'too-loose'
          ? step(-1)
          : reason === 'too-short'
            ? sizeInfo(usual).length === 'short'
              ? otherLength(usual)
              : null
            : sizeInfo(usual).length === 'regular'
              ? otherLength(usual)
              : null;
    why = `returns of ${sizeWords(usual)} are mostly '${REASON_WORDS[reason]}'`;
  }
  if (!size) return null;
  return {
    size,
    text:
      size === usual
        ? `Your usual ${sizeWords(usual)}: ${why}.`
        : `Try ${sizeWords(size)}: ${why}.`,
  };
}
