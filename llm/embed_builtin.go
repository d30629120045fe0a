package llm

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/memsvc/memsvc/llm/internal/lexicon"
	"github.com/memsvc/memsvc/text"
)

// BuiltinEmbedModel is the Model() of the built-in embedder. Change the version whenever the features or
// weights change: stored vectors of another version must not be compared with new ones.
const BuiltinEmbedModel = "builtin-hash-v3"

// BuiltinEmbedDim is the dimension of the built-in embedder's vectors.
const BuiltinEmbedDim = 512

// featureWeights are the relative weights of the feature kinds of the built-in embedder, as a share of the
// word's own weight (a word feature is 1). Each kind's weight is spread over its features so that, for example,
// a word with five concepts carries as much concept mass as a word with one.
type featureWeights struct {
	alt    float64 // surface stem of an irregular form that is also a word ("saw" next to "see")
	syn    float64 // WordNet senses: synonyms share them
	hyp    float64 // hypernyms and adjective heads: "puppy" reaches "dog"
	der    float64 // derivational links: "marriage" reaches "marry"
	char   float64 // character 3-5-grams of the surface form: typos, word forms, compounds
	bigram float64 // adjacent content-word stems: phrases
	join   float64 // two adjacent words that form one lexicon word: "foot ball" is "football"
	typo   float64 // the most frequent known word one edit away from an unknown word
	idfPow float64 // exponent on word specificity: higher favours rare words more
	answer float64 // answer kinds: a "when" question and a text that names a time share a feature
	voc    float64 // factor on a vocative, the name of whom a text addresses ("Thanks, Anna!")
	ask    float64 // factor on the words of a stored text's questions: a question asks, it does not tell
	pivot  float64 // feature norm a stored text is padded up to (see pad); 0: no padding
}

// defaultWeights were chosen on the hand-written cases in embed_quality_test.go (general English, not any
// benchmark's data; see sweepWeights there) and checked on a long-conversation recall benchmark: pivot is
// about the feature norm of a 50-60 word text.
func defaultWeights() featureWeights {
	return featureWeights{alt: 0.6, syn: 1.0, hyp: 0.6, der: 0.3, char: 0.6, bigram: 0.3, join: 0.5, typo: 0.7,
		idfPow: 1, answer: 0.4, voc: 0.2, ask: 0.5, pivot: 6}
}

// DocumentEmbedder is an Embedder that embeds the texts a store keeps differently from search queries
// (asymmetric retrieval, like the query and document prefixes of some embedding models). A store should embed
// what it keeps with EmbedDocuments and compare stored vectors with each other (duplicates, supersession) and
// with query vectors from Embed. Vectors from Embed alone still work as stored vectors, only less well.
type DocumentEmbedder interface {
	Embedder
	// EmbedDocuments returns one vector of length Dim() per text to be stored, in order.
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
}

// builtinEmbedder is the offline default Embedder: signed feature hashing of analysed words into a fixed number
// of dimensions, L2-normalised. See NewBuiltinEmbedder.
type builtinEmbedder struct {
	an   *analyzer
	dim  int
	w    featureWeights
	salt uint64 // re-seeds every feature hash; always 0 except in tests that average over hash collisions
}

// NewBuiltinEmbedder returns the built-in, fully offline embedder (model "builtin-hash-v3", 512 dimensions).
//
// Each text is read in Unicode NFKC with emoji that stand for words as those words, tokenised (lower-cased,
// diacritics folded, contractions resolved) and chat's informal forms read as the words they stand for
// ("u", "tmrw", "dont", "talkin", "sooooo"; interjections as noise: informal.go). Every word contributes
// signed, hashed features, weighted by the word's specificity (an IDF estimated from WordNet's SemCor counts;
// stop words nearly nothing) and sublinear term frequency (1+ln tf):
//   - its snowball stem, after mapping irregular forms to their base ("ran" -> "run", "children" -> "child");
//   - the WordNet concepts of its dominant senses, their hypernyms and its derivational family, so synonyms
//     and close relatives share features ("car"/"automobile", "puppy"/"dog", "marriage"/"married"); a
//     capitalised word inside a sentence or a leading speaker label ("Anna: ...") is taken for a name and
//     gets only proper-noun senses ("June" the month, none for "Bill");
//   - character 3-, 4- and 5-grams of the word with boundary marks, for typos, word forms and compounds;
//   - the stem pair of adjacent content words (phrases), the lexicon word that two adjacent words form when
//     joined ("foot ball", "ice cream", "got married"), and for an unknown lower-case word the most frequent
//     known word one edit away ("restaruant");
//   - answer kinds: a "when"/"how many" question and a text naming a time/number share a feature.
//
// A vocative ("Thanks, Anna!") says whom a text addresses, not what it is about, and weighs a fifth of a name.
//
// Embed gives the form for queries; EmbedDocuments (see DocumentEmbedder) the form for stored texts, which
// also pads short texts to a pivot length (see pad) and halves the words of their questions, so a short
// chat line that shares a name with a query no longer outranks the texts that answer it.
//
// The vector is L2-normalised, so cosine similarity is a dot product. Output is deterministic: the same text
// always gives the same vector (on another CPU architecture the last bits may differ through floating-point
// rounding, which no similarity notices). It panics only if the embedded lexicon is corrupt, which the
// package's tests rule out.
func NewBuiltinEmbedder() DocumentEmbedder {
	an, err := newAnalyzer()
	if err != nil {
		panic(fmt.Sprintf("llm: built-in embedder: %v", err))
	}
	return &builtinEmbedder{an: an, dim: BuiltinEmbedDim, w: defaultWeights()}
}

// Model implements Embedder.
func (e *builtinEmbedder) Model() string { return BuiltinEmbedModel }

// Dim implements Embedder.
func (e *builtinEmbedder) Dim() int { return e.dim }

// Embed implements Embedder: the form for search queries, and for texts compared only with each other. It
// checks ctx between texts.
func (e *builtinEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	return e.embedAll(ctx, texts, false)
}

// EmbedDocuments implements DocumentEmbedder: the form for stored texts. It checks ctx between texts.
func (e *builtinEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	return e.embedAll(ctx, texts, true)
}

func (e *builtinEmbedder) embedAll(ctx context.Context, texts []string, stored bool) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("builtin embed: %w", err)
		}
		out[i] = e.embed(t, stored)
	}
	return out, nil
}

// uniqueTerm is a distinct stem of a text with its term frequency.
type uniqueTerm struct {
	term
	tf int
}

// padDims is how many of the vector's last dimensions hold a stored text's length padding; features hash into
// the others, so a query (which has no padding) is orthogonal to every padding.
const padDims = 48

func (e *builtinEmbedder) embed(text string, stored bool) []float32 {
	terms := e.an.analyze(text)
	if !stored {
		withoutSelf(terms)
	}
	acc := make([]float64, e.dim)
	feat := acc[:e.dim-padDims]
	uniq := uniqueTerms(terms)
	for _, u := range uniq {
		if stored {
			u.weight *= e.storedFactor(u)
		}
		e.addTerm(feat, u)
	}
	e.addPairs(feat, terms)
	e.addAnswerKinds(feat, terms, stored)
	if stored {
		e.pad(acc[len(feat):], feat, uniq)
	}
	return normalise(acc)
}

// withoutSelf weighs the words that name the person memories are about
// ("where does the user work?") as stop words in a query: every stored fact
// is about that person, so the word would draw the query towards all of
// them (text.IsSelfWord). Stored texts keep the word at its weight, as
// their vectors were made; the reranker reads its query the same way.
func withoutSelf(terms []term) {
	for i := range terms {
		if text.IsSelfWord(terms[i].stem) {
			terms[i].stop, terms[i].weight = true, stopWeight
		}
	}
}

// storedFactor is the factor on a stored text's word for what the text says about it: a vocative names whom
// the text addresses, a question's words are asked about, not told.
func (e *builtinEmbedder) storedFactor(u uniqueTerm) float64 {
	f := 1.0
	if u.voc {
		f *= e.w.voc
	}
	if u.Ask {
		f *= e.w.ask
	}
	return f
}

// pad gives a stored text whose features have a norm below the pivot the missing length in the padding
// dimensions. After normalisation a query's similarity to it is then the plain feature dot product divided by
// the pivot, not by the text's own short length: pivoted length normalisation (Singhal et al., 1996). Without
// it a one-line text sharing one word with a query ("Anna: thanks!" for "Where did Anna travel?") beats every
// longer text that actually answers, because cosine rewards the share of a text a match covers, not the
// evidence it holds.
//
// The padding echoes the text's content stems (signed hashing into the padding dimensions), so stored texts
// compared with each other (duplicates, supersession) still agree in proportion to the words they share.
func (e *builtinEmbedder) pad(echo, feat []float64, uniq []uniqueTerm) {
	sum := sumSquares(feat)
	need := e.w.pivot*e.w.pivot - sum
	if need <= 0 || sum == 0 {
		return // long enough, or empty: the empty vector stays the fixed one
	}
	var es float64
	for _, content := range []bool{true, false} { // content words; a text of only stop words echoes those
		for _, u := range uniq {
			if u.stop != content {
				e.add(echo, hashString(seedPad, u.stem), u.weight)
			}
		}
		if es = sumSquares(echo); es > 0 {
			break
		}
	}
	if es == 0 {
		// The echoes cancelled out (two stems of equal weight hashed to one padding dimension
		// with opposite signs, as "8verA dih" does): no padding, not a division by zero that
		// made the whole vector NaN.
		return
	}
	scale := math.Sqrt(need / es)
	for i := range echo {
		echo[i] *= scale
	}
}

// seedPad seeds the padding echo's hashes (see pad).
const seedPad uint64 = 0x9b05_688c_2b3e_6c1f

func sumSquares(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x * x
	}
	return s
}

// uniqueTerms merges repeated stems, in order of first occurrence (the order keeps float sums deterministic).
func uniqueTerms(terms []term) []uniqueTerm {
	idx := make(map[string]int, len(terms))
	out := make([]uniqueTerm, 0, len(terms))
	for _, t := range terms {
		if i, ok := idx[t.stem]; ok {
			out[i].tf++
			out[i].voc = out[i].voc && t.voc // a name the text also talks about is not just whom it addresses
			out[i].Ask = out[i].Ask && t.Ask // and one it also states is not just asked about
			continue
		}
		idx[t.stem] = len(out)
		out = append(out, uniqueTerm{term: t, tf: 1})
	}
	return out
}

func (e *builtinEmbedder) addTerm(acc []float64, u uniqueTerm) {
	base := e.spec(u.weight) * (1 + math.Log(float64(u.tf)))
	if u.alt != "" {
		// Split the word's mass between base and surface form: "saw" is usually "see" but may be the tool.
		e.addStem(acc, u.stem, u.entry, base*math.Sqrt(max(0, 1-e.w.alt*e.w.alt)))
		alt, _ := e.an.lex.Stem(u.alt)
		e.addStem(acc, u.alt, alt, base*e.w.alt)
	} else {
		e.addStem(acc, u.stem, u.entry, base)
	}
	if u.stop {
		return
	}
	e.addCharGrams(acc, u.Word, base*e.w.char)
	if s, entry := e.an.correct(u.term); s != "" {
		e.addStem(acc, s, entry, e.spec(e.an.specificity(entry.Count))*e.w.typo)
	}
}

// add adds a feature to acc.
func (e *builtinEmbedder) add(acc []float64, h uint64, w float64) {
	if e.salt != 0 {
		h = mix(h ^ e.salt)
	}
	add(acc, h, w)
}

// spec sharpens a specificity by the idfPow exponent.
func (e *builtinEmbedder) spec(w float64) float64 {
	if e.w.idfPow == 1 {
		return w
	}
	return math.Pow(w, e.w.idfPow)
}

// addStem adds a stem's word feature and its concept features.
func (e *builtinEmbedder) addStem(acc []float64, s string, entry lexicon.Entry, w float64) {
	e.add(acc, hashString(seedWord, s), w)
	e.addConcepts(acc, entry.Syn, w*e.w.syn)
	e.addConcepts(acc, entry.Hyp, w*e.w.hyp)
	e.addConcepts(acc, entry.Der, w*e.w.der)
}

// addConcepts spreads w over the concepts so the kind's total mass is w whatever their number.
// Concept ids share one hash space across kinds: "puppy"'s hypernym is "dog"'s own sense.
func (e *builtinEmbedder) addConcepts(acc []float64, ids []int32, w float64) {
	if len(ids) == 0 {
		return
	}
	each := w / math.Sqrt(float64(len(ids)))
	for _, id := range ids {
		e.add(acc, mix(seedConcept^uint64(id)), each)
	}
}

// addCharGrams adds the 3-, 4- and 5-grams of "<word>", spreading w over them. Words with digits get none:
// "2023" and "2024" share grams but not meaning.
func (e *builtinEmbedder) addCharGrams(acc []float64, word string, w float64) {
	if strings.ContainsAny(word, "0123456789") {
		return
	}
	if isASCIILetters(word) {
		var buf [64]byte
		b := append(append(append(buf[:0], '<'), word...), '>')
		e.addGrams(acc, len(b), w, func(i, j int) uint64 { return hashString(seedChar, string(b[i:j])) })
		return
	}
	r := []rune("<" + word + ">")
	e.addGrams(acc, len(r), w, func(i, j int) uint64 { return hashRunes(seedChar, r[i:j]) })
}

// addGrams adds the 3- to 5-grams of a padded word of n symbols, hashed by hash(i, j) for symbols [i, j).
func (e *builtinEmbedder) addGrams(acc []float64, n int, w float64, hash func(i, j int) uint64) {
	if n < 5 { // words of one or two letters: the word feature says it all
		return
	}
	count := 0
	for size := 3; size <= 5; size++ {
		count += max(0, n-size+1)
	}
	each := w / math.Sqrt(float64(count))
	for size := 3; size <= 5; size++ {
		for i := 0; i+size <= n; i++ {
			e.add(acc, hash(i, i+size), each)
		}
	}
}

// addPairs adds the features of adjacent words: joined compounds over all tokens, stem bigrams over content
// words.
func (e *builtinEmbedder) addPairs(acc []float64, terms []term) {
	for i := 0; i+1 < len(terms); i++ {
		x, y := terms[i], terms[i+1]
		if x.stop && y.stop {
			continue
		}
		if js := e.an.joinStem(x, y); js != "" && js != x.stem && js != y.stem {
			entry, _ := e.an.lex.Stem(js)
			e.addStem(acc, js, entry, e.spec(e.an.specificity(entry.Count))*e.w.join)
		}
	}
	prev := -1
	for i, t := range terms {
		if t.stop {
			continue
		}
		if prev >= 0 {
			p := terms[prev]
			h := mix(hashString(seedWord, p.stem)*0x9E3779B97F4A7C15 ^ hashString(seedBigram, t.stem))
			e.add(acc, h, e.w.bigram*math.Sqrt(e.spec(p.weight)*e.spec(t.weight)))
		}
		prev = i
	}
}

// addAnswerKinds adds one feature per answer kind the text asks for or contains (see answertype.go); a stored
// text only for the kinds it contains, since it is matched for what it tells.
func (e *builtinEmbedder) addAnswerKinds(acc []float64, terms []term, stored bool) {
	set := contains(terms)
	if !stored {
		set |= asks(terms)
	}
	for k := kindTime; k <= kindNumber; k++ {
		if set&(1<<k) != 0 {
			e.add(acc, mix(seedAnswer^uint64(k)), e.w.answer)
		}
	}
}

// normalise scales acc to unit length. A text with no words at all gets a fixed unit vector, so every vector
// has norm 1 and empty texts are alike.
func normalise(acc []float64) []float32 {
	var sum float64
	for _, v := range acc {
		sum += v * v
	}
	out := make([]float32, len(acc))
	if sum == 0 {
		out[mix(seedEmpty)%uint64(len(out))] = 1
		return out
	}
	inv := 1 / math.Sqrt(sum)
	for i, v := range acc {
		out[i] = float32(v * inv)
	}
	return out
}
