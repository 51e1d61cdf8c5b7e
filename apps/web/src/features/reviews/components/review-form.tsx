import { useId, useState, type FormEvent } from 'react';
import type { ReviewableOrder } from '@sunward/core/review-schemas';
import { designTitle } from '@sunward/core/designs';
import { FIT_ANSWERS, FIT_LABELS, REVIEW_LIMITS, type FitAnswer } from '@sunward/core/reviews';
import { sizeInfo } from '@sunward/core/sizes';
import { US_STATE_NAMES } from '@sunward/core/us-states';
import { ApiError } from '@/shared/api/http.ts';
import type { ReviewProof } from '../api/get-reviewable-order.ts';
import { useSubmitReview } from '../api/submit-review.ts';

type Line = ReviewableOrder['designs'][number];

const STATES = Object.entries(US_STATE_NAMES).sort((a, b) => a[1].localeCompare(b[1]));

/**
 * One design's review (issue 29): stars, how it fits, the size bought (filled in), an optional title,
 * text, first name and state. The server checks every field; its message shows beside the field.
 */
export function ReviewForm({ proof, line }: { proof: ReviewProof; line: Line }) {
  const id = useId();
  const submit = useSubmitReview(proof);
  const [stars, setStars] = useState<number | null>(null);
  const [fit, setFit] = useState<FitAnswer | null>(null);
  const [size, setSize] = useState(line.sizes[0]!);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [firstName, setFirstName] = useState('');
  const [state, setState] = useState('');
  const error = submit.error;
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const fieldError = (name: string) =>
    fields[name] ? (
      <p className="field__error" id={`${id}-${name}-error`} role="alert">
        {fields[name]}
      </p>
    ) : null;
  const described = (name: string) => (fields[name] ? `${id}-${name}-error` : undefined);
  const name = designTitle(line.design);

  const send = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate({
      design: line.design,
      ...(stars !== null ? { stars } : {}),
      ...(fit !== null ? { fit } : {}),
      size,
      title,
      body,
      firstName,
      state: state || null,
    } as Parameters<typeof submit.mutate>[0]);
  };

  return (
    <form className="review-form" onSubmit={send} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Review {name}</h2>
      <fieldset className="review-form__choices" aria-describedby={described('stars')}>
        <legend className="field__label">Stars</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="review-form__choice">
            <input
              type="radio"
              name={`${id}-stars`}
              value={n}
              checked={stars === n}
              onChange={() => setStars(n)}
            />
            {n} {n === 1 ? 'star' : 'stars'}
          </label>
        ))}
      </fieldset>
      {fieldError('stars')}
      <fieldset className="review-form__choices" aria-describedby={described('fit')}>
        <legend className="field__label">How it fits</legend>
        {FIT_ANSWERS.map((answer) => (
          <label key={answer} className="review-form__choice">
            <input
              type="radio"
              name={`${id}-fit`}
              value={answer}
              checked={fit === answer}
              onChange={() => setFit(answer)}
            />
            {FIT_LABELS[answer]}
          </label>
        ))}
      </fieldset>
      {fieldError('fit')}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-size`}>
          Size bought
        </label>
        <select
          id={`${id}-size`}
          className="select"
          value={size}
          onChange={(e) => setSize(e.target.value as typeof size)}
          aria-describedby={described('size')}
        >
          {line.sizes.map((s) => (
            <option key={s} value={s}>
              {sizeInfo(s).label}
            </option>
          ))}
        </select>
        {fieldError('size')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-heading`}>
          Title (optional)
        </label>
        <input
          id={`${id}-heading`}
          className="input"
          value={title}
          maxLength={REVIEW_LIMITS.title}
          onChange={(e) => setTitle(e.target.value)}
          aria-describedby={described('title')}
        />
        {fieldError('title')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-body`}>
          Your review (optional)
        </label>
        <textarea
          id={`${id}-body`}
          className="input review-form__text"
          rows={5}
          value={body}
          maxLength={REVIEW_LIMITS.body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby={`${id}-body-hint ${described('body') ?? ''}`.trim()}
        />
        <p className="review-form__hint" id={`${id}-body-hint`}>
          Up to {REVIEW_LIMITS.body.toLocaleString('en-US')} characters. Shown as you type it.
        </p>
        {fieldError('body')}
      </div>
      <div className="review-form__pair">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-first-name`}>
            First name (optional)
          </label>
          <input
            id={`${id}-first-name`}
            className="input"
            autoComplete="given-name"
            value={firstName}
            maxLength={REVIEW_LIMITS.firstName}
            onChange={(e) => setFirstName(e.target.value)}
            aria-describedby={described('firstName')}
          />
          {fieldError('firstName')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-state`}>
            State (optional)
          </label>
          <select
            id={`${id}-state`}
            className="select"
            value={state}
            onChange={(e) => setState(e.target.value)}
            aria-describedby={described('state')}
          >
            <option value="">Not shown</option>
            {STATES.map(([code, stateName]) => (
              <option key={code} value={code}>
                {stateName}
              </option>
            ))}
          </select>
          {fieldError('state')}
        </div>
      </div>
      {error && Object.keys(fields).length === 0 ? (
        <p className="field__error" role="alert">
          {error.message}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={submit.isPending}>
        {submit.isPending ? 'Sending…' : 'Submit review'}
      </button>
    </form>
  );
}
