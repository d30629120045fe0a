package extract

import "github.com/memsvc/memsvc/text/lazyre"

// A user often takes back what they just said in the turn after it: "We're moving to
// Denver." then "actually scratch that, staying in Boston", or "My new number is
// 555-0199." then "never mind, I kept the old number". What was taken back is no fact:
// kept, it would supersede the value it never replaced. The turn itself is still kept
// as said, in the episode.

// takeBackRe opens a turn that takes back what the user said last; group 1 is a take-back
// that may also dismiss the agent's last question or offer ("never mind"), and so takes
// back the user's words only straight after them.
var takeBackRe = lazyre.New(`(?i)^\W*(?:(?:actually|oh|wait|hmm+|ok|okay|no|sorry|ugh)[,!.]?\s+)*(?:(never ?mind|nvm|forget (?:that|it))|scratch that|strike that|forget what i (?:just )?said|ignore what i (?:just )?said|disregard (?:that|my last message))\b`)

// takesBack reports a turn that opens by taking back what the user said last; afterAgent
// says an agent's turn came between.
func takesBack(content string, afterAgent bool) bool {
	m := takeBackRe.FindStringSubmatch(content)
	return m != nil && (m[1] == "" || !afterAgent)
}

// withoutLastSaid drops from facts those of the last sentence of said, the facts the
// turn before gave: the ones with the excerpt of its last fact.
func withoutLastSaid(facts, said []Fact) []Fact {
	if len(said) == 0 {
		return facts
	}
	last := said[len(said)-1].Excerpt
	taken := map[string]bool{}
	for _, f := range said {
		if f.Excerpt == last {
			taken[f.Text] = true
		}
	}
	kept := make([]Fact, 0, len(facts))
	for _, f := range facts {
		if !(taken[f.Text] && f.Excerpt == last) {
			kept = append(kept, f)
		}
	}
	return kept
}
