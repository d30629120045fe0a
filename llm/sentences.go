package llm

import (
	"crypto/sha256"
	"runtime"
	"slices"
	"sync"

	"github.com/memsvc/memsvc/llm/internal/sentvec"
	"github.com/viterin/vek/vek32"
)

// SentenceSimilarities is how close in meaning query is to each of texts, as the cosine of their
// sentence vectors (Universal Sentence Encoder lite, llm/internal/sentvec) in [-1, 1]: texts saying
// the same thing in other words score high ("my bird keeps plucking out his feathers" / "User has an
// African grey parrot…"), unrelated ones low. ok is false when the encoder's weights cannot be
// parsed, which its own tests rule out. Each text costs about a millisecond the first time; the
// vectors of the texts seen last are kept (sentenceCache), so a store's memories are encoded once.
func (w *WordForms) SentenceSimilarities(query string, texts []string) (sims []float32, ok bool) {
	if _, err := sentvec.Shared(); err != nil {
		return nil, false
	}
	vecs := sentences.vectors(append([]string{query}, texts...))
	sims = make([]float32, len(texts))
	for i, v := range vecs[1:] {
		sims[i] = vek32.Dot(vecs[0], v) // unit vectors: the dot is the cosine
	}
	return sims, true
}

// SentenceVector is the unit sentence vector of one text (a search's prompt), from the cache of
// SentenceSimilarities; ok is false when the encoder's weights cannot be parsed.
func (w *WordForms) SentenceVector(text string) (vec []float32, ok bool) {
	if _, err := sentvec.Shared(); err != nil {
		return nil, false
	}
	return sentences.vectors([]string{text})[0], true
}

// EncodeSentences is the unit sentence vectors of texts for storage (the meaning vectors the
// kernel keeps beside each memory): encoded on the calling goroutine alone, so a background
// filler takes one core and leaves the others to searches, and not cached, as each is stored
// once. The vectors may share one array. ok is false when the encoder's weights cannot be parsed.
func (w *WordForms) EncodeSentences(texts []string) (vecs [][]float32, ok bool) {
	if _, err := sentvec.Shared(); err != nil {
		return nil, false
	}
	return sentvec.Encode(texts), true
}

// sentenceCacheSize bounds the sentence vectors kept: 4,096 × 2 KB = 8 MB, plus a 32-byte key each.
const sentenceCacheSize = 4096

// sentences is the process's cache of sentence vectors by text.
var sentences = newSentenceCache(sentenceCacheSize)

// sentenceCache keeps the vectors of the texts encoded last, forgetting the least recently used
// beyond its size. A text's key is its SHA-256 (the vector depends on nothing else), so a memory
// or prompt of 32 KB costs the cache no more than a short one.
type sentenceCache struct {
	mu    sync.Mutex
	size  int
	clock uint64
	byTxt map[[sha256.Size]byte]*cachedSentence
	// encoding holds a channel for each text being encoded, closed once its vector is cached:
	// a search that asks for a prompt another goroutine is encoding (its prefetch,
	// search.prefetchMeaning) waits for that vector rather than encoding the prompt twice.
	encoding map[[sha256.Size]byte]chan struct{}
}

type cachedSentence struct {
	vec  []float32
	used uint64
}

func newSentenceCache(size int) *sentenceCache {
	return &sentenceCache{size: size, byTxt: map[[sha256.Size]byte]*cachedSentence{},
		encoding: map[[sha256.Size]byte]chan struct{}{}}
}

// vectors returns one vector per text, encoding (outside the lock) only those neither cached nor
// being encoded by another call, whose vectors it waits for.
func (c *sentenceCache) vectors(texts []string) [][]float32 {
	out := make([][]float32, len(texts))
	keys := make([][sha256.Size]byte, len(texts))
	for i, t := range texts {
		keys[i] = sha256.Sum256([]byte(t))
	}
	var (
		missing []string
		at      []int
		waiting = map[int]chan struct{}{}
	)
	c.mu.Lock()
	for i, t := range texts {
		if e := c.byTxt[keys[i]]; e != nil {
			c.clock++
			e.used, out[i] = c.clock, e.vec
		} else if ch := c.encoding[keys[i]]; ch != nil {
			waiting[i] = ch
		} else {
			c.encoding[keys[i]] = make(chan struct{})
			missing, at = append(missing, t), append(at, i)
		}
	}
	c.mu.Unlock()
	if len(missing) > 0 {
		c.encodeMissing(missing, at, keys, out)
	}
	for i, ch := range waiting {
		<-ch
		out[i] = c.waited(texts[i], keys[i])
	}
	return out
}

// encodeMissing encodes texts (those of out at the indexes at), caches their vectors and wakes
// the calls waiting for them.
func (c *sentenceCache) encodeMissing(texts []string, at []int, keys [][sha256.Size]byte, out [][]float32) {
	vecs := encodeOnEveryCore(texts)
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, i := range at {
		// A copy: Encode's vectors share one array, which one cached vector would keep whole.
		out[i] = slices.Clone(vecs[k])
		c.clock++
		c.byTxt[keys[i]] = &cachedSentence{vec: out[i], used: c.clock}
		if ch := c.encoding[keys[i]]; ch != nil {
			close(ch)
			delete(c.encoding, keys[i])
		}
	}
	c.evict()
}

// waited is the vector another call encoded for text, or text encoded now when the cache had
// already let it go again (a burst of more than its size).
func (c *sentenceCache) waited(text string, key [sha256.Size]byte) []float32 {
	c.mu.Lock()
	e := c.byTxt[key]
	c.mu.Unlock()
	if e != nil {
		return e.vec
	}
	return slices.Clone(sentvec.Encode([]string{text})[0])
}

// evict drops the least recently used eighth once the cache is over its size, so eviction's
// scan is paid once per size/8 insertions rather than on each.
func (c *sentenceCache) evict() {
	if len(c.byTxt) <= c.size {
		return
	}
	uses := make([]uint64, 0, len(c.byTxt))
	for _, e := range c.byTxt {
		uses = append(uses, e.used)
	}
	slices.Sort(uses)
	cut := uses[len(c.byTxt)-c.size+c.size/8-1]
	for t, e := range c.byTxt {
		if e.used <= cut {
			delete(c.byTxt, t)
		}
	}
}

// encodeOnEveryCore encodes texts split across the cores, one part each: a search waits for the
// slowest part rather than for all of them (a prompt and five hits new to the cache, 15,000
// memories, two cores: see BenchmarkSearchLatencyFirstPerson).
func encodeOnEveryCore(texts []string) [][]float32 {
	parts := min(len(texts), runtime.GOMAXPROCS(0))
	if parts <= 1 {
		return sentvec.Encode(texts)
	}
	out := make([][]float32, len(texts))
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := p*len(texts)/parts, (p+1)*len(texts)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			copy(out[lo:hi], sentvec.Encode(texts[lo:hi]))
		}()
	}
	wg.Wait()
	return out
}
