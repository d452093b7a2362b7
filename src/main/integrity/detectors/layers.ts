// An encoded or hidden layer judged by what it says: decoded text that reads as an instruction
// (a medium finding or more once weighed alone, or a way out) is a high encoded payload; decoded
// prose that says nothing of note is a medium one (Base64 of prose has no place in a
// description); its own signals join the text's, marked with what carried them. A layer
// decoded from the whole text (URL encoding, HTML entities, ROT13, reversed text) is a finding
// only when it says something.
import type { Layer } from './encoded.js';
import { atLeast, TRAITS, type Signal } from './signal.js';

/** Carried by hidden characters: the hidden-character finding shows them already. */
const SHOWN_ALREADY = new Set(['tag characters', 'variation selectors', 'zero-width bits', 'right-to-left override']);
const WHOLE_TEXT = new Set(['URL encoding', 'HTML entities', 'ROT13', 'reversed text', 'character codes', 'Morse']);

/** Whether signals say something: a medium finding or more, or a way out. */
export function says(signals: readonly Signal[]): boolean {
  // A deeper layer of mere prose (encoded-text) says nothing itself: "%48%65…" in a decoder's examples.
  return signals.some((signal) => (signal.name !== 'encoded-text' && atLeast(signal.severity, 'medium')) || (signal.severity !== null && TRAITS[signal.name].kind === 'exfiltration'));
}

export function combineLayer(layer: Layer, layerSignals: readonly Signal[]): Signal[] {
  const said = says(layerSignals);
  const decoded = layer.decoded.replace(/\s+/g, ' ').trim();
  const shown = `${layer.encoded === '' ? '' : `${layer.encoded.slice(0, 40)}${layer.encoded.length > 40 ? '…' : ''} → `}"${decoded.slice(0, 120)}${decoded.length > 120 ? '…' : ''}"`;
  const out: Signal[] = layerSignals.map((signal) => ({ ...signal, via: signal.via === undefined ? layer.via : `${layer.via}, ${signal.via}` }));
  if (said) out.push({ name: 'encoded-instruction', excerpt: shown, via: layer.via, severity: 'high' });
  else if (!WHOLE_TEXT.has(layer.via) && !SHOWN_ALREADY.has(layer.via)) out.push({ name: 'encoded-text', excerpt: shown, via: layer.via, severity: 'medium' });
  return said || !WHOLE_TEXT.has(layer.via) ? out : [];
}
