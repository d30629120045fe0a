package llm

import "github.com/memsvc/memsvc/text"

// words is how the built-in embedder and reranker read a text: contractions resolved so the negation stays
// a word ("don't" -> "do", "not"; "Anna's" -> "anna"), and accents folded so "café" and "cafe" meet.
var words = text.Options{Apostrophe: text.SplitContractions, FoldAccents: true}

// scan splits a text into the tokens the built-in models analyse, read as readable says. Token offsets are
// into that form; the built-in models read words, not offsets.
func scan(s string) []text.Token { return text.Scan(readable(s), words) }
