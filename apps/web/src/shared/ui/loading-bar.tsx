import './loading-bar.css';

/** A progress bar laid over a grid while its pictures load (it never moves the layout). */
export function LoadingBar({ label, progress }: { label: string; progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span
        className="loading-bar__fill"
        style={{ transform: `scaleX(${Math.max(progress, 0.08)})` }}
      />
    </div>
  );
}

/** The gallery's translucent overlay with a spinner and the same bar. */
export function LoadingOverlay({ label, progress }: { label: string; progress: number }) {
  return (
    <div className="loading-overlay">
      <span className="loading-overlay__spinner" aria-hidden="true" />
      <LoadingBar label={label} progress={progress} />
    </div>
  );
}
