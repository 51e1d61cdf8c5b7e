import { useLocation } from 'react-router';

/** Where a navigation landed, and the state it carried. */
export function Landing() {
  const location = useLocation();
  return (
    <div>
      <h1>Landed on {location.pathname}</h1>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}
