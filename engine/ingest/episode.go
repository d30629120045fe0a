package ingest

import (
	"strings"

	"github.com/memsvc/memsvc/text"
)

// episodeDupOverlap: an episode whose terms and a stored episode's terms
// cover each other this much says the same thing again.
const episodeDupOverlap = 0.9

// SameEpisode reports whether two episode texts ("Speaker: words") are the
// same turn said again: the same speaker and (nearly) the same words. A
// repeat is not stored twice.
func SameEpisode(a, b string) bool {
	return text.Speaker(a) == text.Speaker(b) && SaysTheSame(a, b)
}

// echoCoverage: a reply whose terms are this much the terms of the turn it
// answers only says it back.
const echoCoverage = 0.8

// Echoes reports whether reply only repeats said ("Understood, I will use uv
// for the Python services" after the instruction to use uv): an
// acknowledgement, however many words it names. A reply that names what
// said did not (Reports: a path, a value written as code, a figure) tells
// what was done, though most of its words are the request's: the terms
// of "dev/main.tf adds the `acme-dev-logs` bucket" are those of "add a logs
// bucket for acme in dev", the file and the bucket's name are not.
func Echoes(reply, said string) bool {
	tr := termSet(reply)
	return len(tr) > 0 && coverage(tr, termSet(said)) >= echoCoverage && !Reports(reply, said)
}

// SaysTheSame reports whether two texts say the same thing in (nearly) the
// same words: identical once case and punctuation are folded, or sharing
// nearly all their terms both ways.
func SaysTheSame(a, b string) bool { return SaysTheSameAs(b)(a) }

// SaysTheSameAs returns SaysTheSame against b, with b read once: a long turn
// is compared with each of its many facts.
func SaysTheSameAs(b string) func(a string) bool {
	nb, tb := normalizeFact(b), termSet(b)
	return func(a string) bool { return normalizeFact(a) == nb || sameTerms(termSet(a), tb) }
}

// sameTerms reports two texts' terms that cover each other nearly all (SaysTheSame).
func sameTerms(ta, tb map[string]bool) bool {
	return len(ta) > 0 && coverage(ta, tb) >= episodeDupOverlap && coverage(tb, ta) >= episodeDupOverlap
}

// StaleValues returns the analysed terms of old that hold a digit and that
// replacement does not: the value it stated and no longer holds ("8080" in
// "The api server runs on port 8080" replaced by "… changed the api port to
// 9090").
func StaleValues(old, replacement string) []string {
	now := map[string]bool{}
	for _, t := range text.Analyze(replacement) {
		now[t] = true
	}
	var out []string
	for _, t := range text.Unique(text.Analyze(old)) {
		if !now[t] && strings.ContainsAny(t, "0123456789") {
			out = append(out, t)
		}
	}
	return out
}

// maxAckWords bounds an acknowledgement: a longer reply says more than that
// it heard the user.
const maxAckWords = 20

// Acknowledges reports an assistant's episode that is a short reply naming
// one of the stale values: "Assistant: Thanks, I'll hit localhost:8080."
func Acknowledges(episode string, stale []string) bool {
	said, ok := AssistantSaid(episode)
	if !ok || len(strings.Fields(said)) > maxAckWords {
		return false
	}
	terms := map[string]bool{}
	for _, t := range text.Analyze(said) {
		terms[t] = true
	}
	for _, t := range stale {
		if terms[t] {
			return true
		}
	}
	return false
}

// AssistantSaid returns what an episode's turn says when the agent said it:
// an assistant turn with no name of its own is labelled "Assistant" (see
// service/write's episodeText). A named speaker ("Caroline: …") is a person
// of a chat, never an agent, whatever role the turn was sent with.
func AssistantSaid(episode string) (string, bool) {
	return strings.CutPrefix(episode, "Assistant: ")
}
