// An encoded layer judged by what it says: text hidden in Base64, hex, tag characters or an HTML
// comment that reads as an instruction (medium or more once weighed alone) is high; text that
// says nothing of note is a medium encoded payload (Base64 of prose has no place in a
// description); and the layer's own signals join the text's, so that a rule can meet across
// what is shown and what is hidden.
import { reaches, weigh } from './combine.js';
import type { Layer } from './encoded.js';
import type { Signal } from './signal.js';

const SHOWN_ALREADY = new Set(['HTML comment', 'tag characters']);
/** Decoded from the whole text (a URL's %20s, a mention of ROT13): a signal only when it says something. */
const WHOLE_TEXT = new Set(['URL encoding', 'HTML entities', 'ROT13']);

export function combineLayer(layer: Layer, layerSignals: readonly Signal[]): Signal[] {
  // What it says: a medium finding once weighed, or a way out (an instruction to send is no data).
  const says = reaches(weigh(layerSignals), 'medium') || layerSignals.some((signal) => signal.name === 'exfil');
  const decoded = layer.decoded.replace(/\s+/g, ' ').trim();
  const shown = `${layer.encoded === '' ? '' : `${layer.encoded.slice(0, 40)}${layer.encoded.length > 40 ? '…' : ''} → `}"${decoded.slice(0, 120)}${decoded.length > 120 ? '…' : ''}"`;
  const out: Signal[] = layerSignals.map((signal) => ({ ...signal, via: signal.via === undefined ? layer.via : `${layer.via}, ${signal.via}` }));
  if (layer.via === 'HTML comment') {
    if (says) out.push({ name: 'html-comment', excerpt: shown, via: 'instructions in an HTML comment', floor: 'high' });
  } else if (WHOLE_TEXT.has(layer.via)) {
    if (says) out.push({ name: 'encoded-text', excerpt: shown, via: layer.via, floor: 'high' });
  } else if (!SHOWN_ALREADY.has(layer.via)) {
    out.push({ name: 'encoded-text', excerpt: shown, via: layer.via, ...(says ? { floor: 'high' as const } : {}) });
  }
  return out;
}
