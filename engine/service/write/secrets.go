package write

import (
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/redact"
	"github.com/memsvc/memsvc/text"
)

// Secrets are not memories: every text a write stores (notes, turns kept
// as episodes, the facts distilled from them, verbatim adds) has its API
// keys, tokens, passwords and private keys replaced by redact.Marker first,
// and each result says how many markers its text holds (Redacted).

// redactMessages redacts the turns in place and returns how many secrets
// it removed.
func redactMessages(msgs []engine.Message) int {
	total := 0
	for i := range msgs {
		var n int
		msgs[i].Content, n = redact.Text(msgs[i].Content)
		total += n
	}
	return total
}

// markRedacted sets Redacted on the results of a request that had secrets
// removed (n > 0).
func markRedacted(results []engine.WriteResult, n int) {
	if n == 0 {
		return
	}
	for i := range results {
		results[i].Redacted = strings.Count(results[i].Text, redact.Marker)
	}
}

// smallTalk are words that alone make a greeting, thanks or acknowledgement.
var smallTalk = map[string]bool{
	"hi": true, "hello": true, "hey": true, "hiya": true, "yo": true, "there": true, "thanks": true, "thank": true,
	"you": true, "thx": true, "ty": true, "ok": true, "okay": true, "k": true, "cool": true, "great": true,
	"nice": true, "awesome": true, "bye": true, "goodbye": true, "good": true, "morning": true, "night": true,
	"evening": true, "afternoon": true, "yes": true, "no": true, "yep": true, "nope": true, "sure": true,
	"lol": true, "cheers": true, "so": true, "very": true, "much": true, "a": true, "lot": true, "all": true,
	"everyone": true, "again": true, "welcome": true, "you're": true, "got": true, "it": true, "sounds": true,
	"perfect": true, "wow": true, "hmm": true, "please": true, "see": true, "ya": true, "later": true,
}

// isSmallTalk reports a text that is only a greeting, thanks or
// acknowledgement ("hi there!", "thanks!"): nothing to remember.
func isSmallTalk(s string) bool {
	words := text.Words(text.Scan(s, text.Options{Apostrophe: text.KeepApostrophe}))
	if len(words) == 0 || len(words) > 6 {
		return false
	}
	for _, w := range words {
		if !smallTalk[w] {
			return false
		}
	}
	return true
}
