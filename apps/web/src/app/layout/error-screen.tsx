import { paths } from '@/shared/paths.ts';
import './error-screen.css';

/** 'Oops! Something went wrong.' with Back Home (a full load of /, which starts the app afresh). */
export function ErrorScreen() {
  return (
    <section className="error-screen container" aria-labelledby="error-title">
      <h1 id="error-title">Oops! Something went wrong.</h1>
      <p>We have been told about it. Please try again, or head back to the home page.</p>
      <a className="btn btn--primary" href={paths.home.href()}>
        Back Home
      </a>
    </section>
  );
}
