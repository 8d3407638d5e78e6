/** A seeded pseudo-random generator (mulberry32): the same seed gives the same corpus on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONSONANTS = 'bdfgklmnprstvz';
const VOWELS = 'aeiou';

/** `count` distinct made-up words of 2–4 syllables, none a word of English or of another corpus word's start. */
function makeWords(random: () => number, count: number, minSyllables: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = minSyllables + Math.floor(random() * 3);
    let word = '';
    for (let s = 0; s < syllables; s++)
      word += CONSONANTS[Math.floor(random() * CONSONANTS.length)] + VOWELS[Math.floor(random() * VOWELS.length)];
    words.add(word);
  }
  return [...words];
}

/** Draws ranks 0…n-1 with probability ∝ 1 / (rank + 1)^s: a few words very common, most rare (Zipf). */
export class ZipfSampler {
  readonly #cumulative: Float64Array;
  constructor(n: number, s = 1) {
    this.#cumulative = new Float64Array(n);
    let sum = 0;
    for (let rank = 0; rank < n; rank++) {
      sum += 1 / (rank + 1) ** s;
      this.#cumulative[rank] = sum;
    }
    for (let rank = 0; rank < n; rank++) this.#cumulative[rank] /= sum;
  }
  /** A rank for a uniform `u` in [0, 1). */
  rank(u: number): number {
    const c = this.#cumulative;
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (c[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** One generated document: what the server stores and indexes of it. */
export interface CorpusDocument {
  name: string;
  description: string;
  /** A user note (every document has one, as issue 5's bench asks). */
  note: string;
  /** Its page text, `TEXT_WORDS` words. */
  text: string;
  /** Rank of every word of `text` in the vocabulary (0 = most common). */
  textRanks: Uint32Array;
  vendor: string;
  company: string;
  createdAt: string;
}

/** Words of page text per document. */
export const TEXT_WORDS = 200;
/** Size of the vocabulary of page text, descriptions and notes. */
export const VOCABULARY_SIZE = 40_000;

const KINDS = ['Invoice', 'Credit Memo', 'Contract', 'Delivery Note', 'Receipt', 'Order Confirmation'];
const SUFFIXES = ['Inc.', 'Ltd', 'GmbH', 'AG', 'S.A.', 'Supplies', 'Trading'];
/** Data areas (companies), the first the busiest. */
export const COMPANIES = ['CRONUS', 'FABRIKAM', 'CONTOSO', 'NORTHWIND', 'LITWARE'];
const VENDORS = 400;

/**
 * The bench's fixed-seed corpus: a vocabulary of made-up words drawn with Zipf frequencies (so
 * some words are in nearly every document and most in a few), vendors (also Zipf), companies,
 * and per document a name, a description, a note, and 200 words of page text.
 */
export class SearchCorpus {
  readonly vocabulary: string[];
  readonly vendors: string[];
  readonly #random: () => number;
  readonly #words: ZipfSampler;
  readonly #vendorRanks: ZipfSampler;
  readonly #companyRanks: ZipfSampler;

  constructor(seed: number) {
    this.#random = seededRandom(seed);
    this.vocabulary = makeWords(this.#random, VOCABULARY_SIZE, 2);
    const vocabularySet = new Set(this.vocabulary);
    // Vendor names use their own longer words, so a vendor tag never matches page text by chance.
    this.vendors = makeWords(this.#random, VENDORS * 2, 4)
      .filter((w) => !vocabularySet.has(w))
      .slice(0, VENDORS)
      .map((w, i) => `${w[0].toUpperCase()}${w.slice(1)} ${SUFFIXES[i % SUFFIXES.length]}`);
    this.#words = new ZipfSampler(VOCABULARY_SIZE, 1);
    this.#vendorRanks = new ZipfSampler(VENDORS, 1);
    this.#companyRanks = new ZipfSampler(COMPANIES.length, 1);
  }

  /** A uniform number in [0, 1) from the corpus's generator. */
  random(): number {
    return this.#random();
  }

  #phrase(count: number): string {
    const words: string[] = [];
    for (let i = 0; i < count; i++) words.push(this.vocabulary[this.#words.rank(this.#random())]);
    return words.join(' ');
  }

  /** Document number `n` (0-based) of the corpus; call in order, as each draws from the shared generator. */
  document(n: number): CorpusDocument {
    const random = this.#random;
    const vendor = this.vendors[this.#vendorRanks.rank(random())];
    const kind = KINDS[Math.floor(random() * KINDS.length)];
    const textRanks = new Uint32Array(TEXT_WORDS);
    for (let i = 0; i < TEXT_WORDS; i++) textRanks[i] = this.#words.rank(random());
    const text = Array.from(textRanks, (rank) => this.vocabulary[rank]).join(' ');
    const description = this.#phrase(4 + Math.floor(random() * 8));
    const note = this.#phrase(6 + Math.floor(random() * 14));
    const company = COMPANIES[this.#companyRanks.rank(random())];
    // Three years of documents, oldest first, so ids and dates grow together as they do in use.
    const createdAt = new Date(Date.UTC(2023, 0, 1) + n * 900_000 + Math.floor(random() * 600_000)).toISOString();
    return { name: `${kind} ${100000 + n} ${vendor}.pdf`, description, note, text, textRanks, vendor, company, createdAt };
  }
}
