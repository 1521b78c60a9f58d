/** The app's root. Until the app frame lands (issue 4) it says what Blockglass is and what runs today. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', lineHeight: 1.5 }}>
      <h1>Blockglass</h1>
      <p>
        A desktop console for blockchain node-access services: block explorer, log queries, call playground,
        gas dashboard and content browser.
      </p>
      <p role="status">
        The app's screens are not built yet. Today the local sandbox runs on its own: <code>npm run sandbox</code>.
      </p>
    </main>
  );
}
