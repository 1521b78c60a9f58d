import { congestionWord } from './gasFormat';
import { GAS_TERMS } from './gasTerms';
import { Term } from './Term';

/** Congestion (the latest base fee's rank among recent blocks, 0 to 1) as a half-circle gauge, named above it. */
export function CongestionGauge({ rank }: { rank: number }) {
  const clamped = Math.min(1, Math.max(0, rank));
  const radius = 52;
  const circumference = Math.PI * radius;
  const angle = Math.PI * (1 - clamped);
  const needle = { x: 60 + Math.cos(angle) * (radius - 10), y: 62 - Math.sin(angle) * (radius - 10) };
  const percent = Math.round(clamped * 100);
  const word = congestionWord(clamped);
  return (
    <figure className="gas-gauge" aria-label={`Congestion: ${percent}%, ${word}`}>
      <span className="gas-gauge-name">
        <Term explain={GAS_TERMS.congestion}>Congestion</Term>
      </span>
      <svg viewBox="0 0 120 70" aria-hidden="true">
        <path d="M 8 62 A 52 52 0 0 1 112 62" className="gas-gauge-track" />
        <path d="M 8 62 A 52 52 0 0 1 112 62" className={`gas-gauge-fill gas-gauge-${word.toLowerCase()}`} strokeDasharray={`${circumference * clamped} ${circumference}`} />
        <line x1="60" y1="62" x2={needle.x} y2={needle.y} className="gas-gauge-needle" />
        <circle cx="60" cy="62" r="3.5" className="gas-gauge-hub" />
      </svg>
      <figcaption>
        <span className="gas-gauge-value" data-testid="congestion">
          {percent}%
        </span>
        <span className="gas-gauge-word">{word}</span>
      </figcaption>
    </figure>
  );
}
