package sentvec

import (
	"slices"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// wordStart marks a word's start the way SentencePiece does; pieces that begin a word begin with it.
const wordStart = '▁'

// reservedPieces are the vocabulary's first ids (unknown, <s>, </s> and three spare ids), which the
// tokenizer never matches.
const reservedPieces = 6

// tokenizer is a port of the SentencePiece-style tokenizer of @energetic-ai/embeddings 0.2.0 (the
// one tfjs-models' Universal Sentence Encoder uses): a trie of the vocabulary's pieces, then the
// path of pieces with the highest sum of scores (Viterbi). Its quirks are kept on purpose, because
// the model was run on the ids they give: a symbol no piece starts with becomes the unknown id 0
// (runs of unknowns merge into one), a position no piece ends at is read back as unknown too, and
// the walk back from the end steps by a piece's length in UTF-16 units.
type tokenizer struct {
	pieces   []string
	utf16Len []int
	root     *trieNode
}

type trieNode struct {
	children map[rune]*trieNode
	id       int32 // the piece ending here, or -1
	score    float64
}

// piece is one vocabulary entry as the weights file stores it.
type piece struct {
	text  string
	score float64
}

func newTokenizer(vocab []piece) *tokenizer {
	t := &tokenizer{pieces: make([]string, len(vocab)), utf16Len: make([]int, len(vocab)), root: newTrieNode()}
	for i, p := range vocab {
		t.pieces[i] = p.text
		for _, r := range p.text {
			t.utf16Len[i] += 1 + btoi(r >= 0x10000)
		}
		if i >= reservedPieces {
			t.insert(p.text, p.score, int32(i))
		}
	}
	return t
}

func newTrieNode() *trieNode { return &trieNode{children: map[rune]*trieNode{}, id: -1} }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// insert adds a piece; a piece listed twice keeps its last id and score, as the reference's does.
func (t *tokenizer) insert(text string, score float64, id int32) {
	if text == "" {
		return
	}
	node := t.root
	for _, r := range text {
		next, ok := node.children[r]
		if !ok {
			next = newTrieNode()
			node.children[r] = next
		}
		node = next
	}
	node.id, node.score = id, score
}

// normalize is the reference's input step: NFKC, then a word-start mark first and for each space.
func normalize(s string) []rune {
	s = norm.NFKC.String(s)
	if s == "" {
		return nil
	}
	return []rune(string(wordStart) + strings.ReplaceAll(s, " ", string(wordStart)))
}

// encode returns the piece ids of s.
func (t *tokenizer) encode(s string) []int32 {
	symbols := normalize(s)
	n := len(symbols)
	best := make([]float64, n+1)
	words := make([]int32, n+1)
	// Edges are relaxed by start position, so each end sees its candidates in the order the reference
	// visits them (start ascending); ties go to the later one, and a best of exactly 0 counts as unset.
	relax := func(end int, score float64, id int32) {
		if best[end] == 0 || score >= best[end] {
			best[end], words[end] = score, id
		}
	}
	for i := 0; i < n; i++ {
		matched := false
		node := t.root
		for j := i; j < n; j++ {
			if node = node.children[symbols[j]]; node == nil {
				break
			}
			if node.id >= 0 {
				relax(j+1, node.score+best[i], node.id)
				matched = true
			}
		}
		if !matched {
			relax(i+1, best[i], 0)
		}
	}
	return t.walkBack(words)
}

// walkBack reads the best path from the end, merging runs of unknown ids into one.
func (t *tokenizer) walkBack(words []int32) []int32 {
	var ids []int32
	prevUnknown := false
	for at := len(words) - 1; at > 0; at -= t.utf16Len[words[at]] {
		id := words[at]
		if !(prevUnknown && id == 0) {
			ids = append(ids, id)
		}
		prevUnknown = id == 0
	}
	slices.Reverse(ids)
	return ids
}
