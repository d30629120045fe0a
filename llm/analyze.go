package llm

import (
	"math"
	"strings"

	"github.com/kljensen/snowball/english"

	"github.com/memsvc/memsvc/llm/internal/lexicon"
	"github.com/memsvc/memsvc/text"
)

// term is one analysed token.
type term struct {
	text.Token
	stem   string        // primary stem: snowball stem of the base form ("ran" -> "run")
	alt    string        // surface stem when the surface is itself a word with another stem ("saw"), else ""
	entry  lexicon.Entry // lexicon data of stem (zero when unknown)
	known  bool          // stem or surface is in the lexicon
	stop   bool
	voc    bool    // a vocative: the name of whom the text addresses ("Thanks, Anna!"), not what it is about
	weight float64 // specificity in (0,1]: rare words near 1, frequent ones lower, stop words tiny
}

// analyzer turns text into terms using the shared lexicon. It is read-only and safe for concurrent use.
type analyzer struct {
	lex     *lexicon.Lexicon
	logSize float64 // ln of the lexicon's corpus size, the largest possible specificity
}

// stopWeight is the specificity of a stop word: small enough to vanish next to any content word, non-zero so
// that "how are you?" still gets a direction.
const stopWeight = 0.04

// minWeight is the floor of a content word's specificity, so frequent verbs ("go", "make") still count.
const minWeight = 0.25

func newAnalyzer() (*analyzer, error) {
	lex, err := lexicon.Shared()
	if err != nil {
		return nil, err
	}
	return &analyzer{lex: lex, logSize: math.Log(float64(lex.Total()) + 1)}, nil
}

func (a *analyzer) analyze(text string) []term {
	toks := scan(text)
	out := make([]term, 0, len(toks))
	for _, t := range toks {
		out = append(out, a.term(t))
	}
	for i := range out {
		out[i].voc = vocative(out, i)
	}
	return out
}

// maxNameCount is the most SemCor tags a word may have as a common word and still be taken for a name in a
// vocative ("John", a rare word for a toilet, is a name; "Yesterday, ..." is not).
const maxNameCount = 2

// vocative reports whether terms[i] addresses someone: a capitalised word after a greeting ("Hey Anna how are
// you", "Thanks Anna!"), or a name standing alone between clause boundaries ("Thanks, Anna!", "Anna, look").
func vocative(terms []term, i int) bool {
	t := terms[i]
	if !t.Title || t.Label || t.stop {
		return false
	}
	if i > 0 && isGreeting(terms[i-1].Word) && (terms[i-1].Initial || t.Pause) {
		return true
	}
	return t.Pause && t.entry.Count <= maxNameCount && (i == 0 || t.Initial || terms[i-1].Pause)
}

// isGreeting reports whether w is a word that comes before the name of whom a text addresses.
func isGreeting(w string) bool {
	switch w {
	case "hey", "hi", "hello", "thanks", "thank", "yeah", "yes", "yep", "wow", "oh", "congrats",
		"congratulations", "sorry", "ok", "okay", "dear", "bye", "goodbye", "cheers", "welcome", "aw", "aww",
		"morning", "night", "yo", "hiya", "howdy":
		return true
	}
	return false
}

func (a *analyzer) term(t text.Token) term {
	if !t.Proper() || !t.Title { // a name keeps its spelling; "LOL" and "Tmrw" are still texting forms
		t.Word = a.standardForm(t.Word)
	}
	tm := term{Token: t, stop: text.IsNoiseWord(t.Word) || chatFillers[t.Word]}
	if t.Proper() && !tm.stop {
		return a.properTerm(tm)
	}
	if bases := a.lex.Bases(t.Word); len(bases) > 0 {
		tm.stem = stem(bases[0])
		if a.lex.Word(t.Word) {
			if s := stem(t.Word); s != tm.stem {
				tm.alt = s
			}
		}
	} else {
		tm.stem = stem(t.Word)
	}
	tm.entry, tm.known = a.lex.Stem(tm.stem)
	tm.known = tm.known || a.lex.Word(t.Word)
	tm.weight = a.specificity(tm.entry.Count)
	if tm.stop {
		tm.weight = stopWeight
	}
	return tm
}

// properTerm analyses a capitalised word inside a sentence, most likely a name: no irregular-form mapping
// ("Rose" is not "rise") and only the senses WordNet writes capitalised ("June" the month, "Paris" the city;
// none for "Will" or "Bill").
func (a *analyzer) properTerm(tm term) term {
	tm.stem = stem(tm.Word)
	entry, known := a.lex.Stem(tm.stem)
	proper, _ := a.lex.Stem("^" + tm.stem)
	tm.entry = lexicon.Entry{Count: entry.Count, Syn: proper.Syn, Hyp: proper.Hyp, Der: proper.Der}
	tm.known = known || a.lex.Word(tm.Word)
	tm.weight = a.specificity(entry.Count)
	return tm
}

// specificity is an IDF estimated from the lexicon's corpus counts: ln(N/(count+1)) / ln(N), floored at
// minWeight. Words the lexicon has never seen (names, slang) count as rare.
func (a *analyzer) specificity(count int32) float64 {
	w := (a.logSize - math.Log(float64(count)+1)) / a.logSize
	return max(w, minWeight)
}

// stem is the snowball English stem, also for short and stop words, so both sides of a comparison agree.
func stem(w string) string {
	if !isASCIILetters(w) {
		return w // digits, mixed tokens and non-Latin scripts are compared as written
	}
	return english.Stem(w, true)
}

func isASCIILetters(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return w != ""
}

// joinStem returns the stem of the word that two adjacent tokens form when written together ("foot ball" ->
// "football", "ice cream" -> "icecream", "got married" -> "getmarried", "passed away" -> "passaway"), or ""
// when they form none.
func (a *analyzer) joinStem(x, y term) string {
	if !isASCIILetters(x.Word) || !isASCIILetters(y.Word) {
		return ""
	}
	for _, first := range a.baseForms(x.Word) {
		if first == "" {
			continue
		}
		if a.lex.Word(first + y.Word) {
			return stem(first + y.Word)
		}
		if sing, ok := strings.CutSuffix(y.Word, "s"); ok && a.lex.Word(first+sing) {
			return stem(first + sing)
		}
	}
	return ""
}

// baseForms returns w and its candidate base forms: irregular bases from the lexicon, else the regular
// de-inflections ("passed" -> "pass", "loved" -> "love", "stopping" -> "stop"). Unused slots are "".
func (a *analyzer) baseForms(w string) [4]string {
	out := [4]string{w}
	if bases := a.lex.Bases(w); len(bases) > 0 {
		out[1] = bases[0]
		return out
	}
	n := len(w)
	switch {
	case n > 4 && strings.HasSuffix(w, "ed"):
		out[1], out[2] = w[:n-2], w[:n-1]
		if w[n-3] == w[n-4] {
			out[3] = w[:n-3]
		}
	case n > 5 && strings.HasSuffix(w, "ing"):
		out[1], out[2] = w[:n-3], w[:n-3]+"e"
		if w[n-4] == w[n-5] {
			out[3] = w[:n-4]
		}
	case n > 3 && strings.HasSuffix(w, "s"):
		out[1] = w[:n-1]
	}
	return out
}
