/**
 * Where tutor terms go, decided over plain text (the tutor widget walks the card's text nodes and
 * asks this for each). The rules: each term is marked once per card, at its first usable place;
 * where two terms overlap the longer one wins (equal lengths: the one listed first); a term listed
 * twice counts once; matching is case-sensitive unless the term says otherwise, and a term that
 * starts or ends with a letter or digit only matches whole words (`PATH` never marks `XPATH`).
 */

/** A term and its tip, as the card carries them. */
export interface TutorTerm {
  term: string;
  tip: string;
  caseInsensitive?: boolean;
}

/** A mark to make: `text.slice(start, end)` is an occurrence of `terms[term]`. */
export interface Mark {
  start: number;
  end: number;
  term: number;
}

const WORD = /[\p{L}\p{N}_]/u;

/** Drops blank terms and repeats (first wins; a case-insensitive term also shadows its other casings). */
export function normalizeTerms(terms: readonly TutorTerm[]): TutorTerm[] {
  const out: TutorTerm[] = [];
  for (const t of terms) {
    const term = t.term.trim();
    const same = (o: TutorTerm) =>
      o.term === term ||
      ((o.caseInsensitive || t.caseInsensitive) && o.term.toLowerCase() === term.toLowerCase());
    if (term && t.tip.trim() && !out.some(same)) out.push({ ...t, term });
  }
  return out;
}

function pattern(t: TutorTerm): RegExp {
  return new RegExp(t.term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), t.caseInsensitive ? "giu" : "gu");
}

function wholeWord(text: string, start: number, end: number, term: string): boolean {
  const before = WORD.test(term[0]) && start > 0 && WORD.test(text[start - 1]);
  const after = WORD.test(term[term.length - 1]) && end < text.length && WORD.test(text[end]);
  return !before && !after;
}

/**
 * The marks to make in one piece of text, given the terms already marked elsewhere in the card
 * (`used`, updated here). Marks come back in text order, never overlapping.
 */
export function planMarks(text: string, terms: readonly TutorTerm[], used: Set<number>): Mark[] {
  const order = terms.map((_, i) => i).filter((i) => !used.has(i))
    .sort((a, b) => terms[b].term.length - terms[a].term.length || a - b);
  const marks: Mark[] = [];
  for (const i of order) {
    const re = pattern(terms[i]);
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index, end = start + m[0].length;
      if (
        wholeWord(text, start, end, terms[i].term) && marks.every((k) => end <= k.start || start >= k.end)
      ) {
        marks.push({ start, end, term: i });
        used.add(i);
        break;
      }
      re.lastIndex = start + 1;
    }
  }
  return marks.sort((a, b) => a.start - b.start);
}
