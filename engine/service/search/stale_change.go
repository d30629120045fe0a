package search

import (
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// change is one change a text reports: old is what was replaced or dropped
// ("npm" in "switched from npm to pnpm", "fmt" in "drop fmt from
// vcpkg.json"), thing what was given value ("the agents" and "bookworm" in
// "we moved the agents to bookworm"), with what replaced old ("std::format"
// in "replace fmt::format with std::format"). Any may be empty.
type change struct{ old, thing, value, with string }

var (
	// changedToRe: a thing given a new value, "moved Airflow to MWAA", "set
	// retry to 5", "switched from npm to pnpm". Group 1 holds the thing and
	// any "from" old value, group 2 the value and what follows it.
	changedToRe = lazyre.New(`(?i)\b(?:move|moved|moving|switch|switched|switching|migrate|migrated|migrating|upgrade|upgraded|upgrading|downgrade|downgraded|bump|bumped|set|sets|change|changed|changing|raise|raised|lower|lowered|increase|increased|decrease|decreased|reduce|reduced|update|updated|pin|pinned|rename|renamed|cut|lift|lifted|drop|dropped)\s+(\S+(?:\s+\S+){0,5}?)\s+to\s+(\S+(?:\s+\S+){0,3})`)
	// replacedRe: "replace fmt::format with std::format": group 1 the old,
	// 2 what replaces it and what follows.
	replacedRe = lazyre.New(`(?i)\b(?:replace|replaced|replaces|replacing|swap|swapped|swapping)\s+(\S+(?:\s+\S+){0,3}?)\s+(?:with|by|for)\s+(\S+(?:\s+\S+){0,2})`)
	// droppedRe: "drop fmt from vcpkg.json", "no longer use Sidekiq", "X
	// instead of Y", "we're done with anyhow": group 1 what follows, whose
	// first words are the old.
	droppedRe = lazyre.New(`(?i)\b(?:drop|dropped|dropping|remove|removed|removing|ditch|ditched|ditching|(?:got|get|getting) rid of|no longer (?:use|uses|using|run|runs|need|needs|on)|(?:stop|stopped) using|(?:rip|ripped|swap|swapped) out|retire|retired|instead of|done with|(?:move|moved|moving|migrate|migrated|migrating) (?:off|away from))\s+(.+)`)
	// droppedAsSubjectRe: "fmt is out of vcpkg.json", "anyhow is removed
	// from both crates": group 1 the word before, the old.
	droppedAsSubjectRe = lazyre.New(`(?i)(\S+)\s+(?:is|are|was|were|has been|have been|got|gets)\s+(?:now\s+|also\s+)?(?:removed|deleted|dropped|gone|retired|deprecated|replaced|out)\b`)
)

// changesIn returns the changes text reports, clause by clause.
func changesIn(s string) []change {
	if !mayReportChange(s) {
		return nil
	}
	var out []change
	for _, m := range changedToRe.FindAllStringSubmatch(s, -1) {
		thing, old, _ := strings.Cut(m[1]+" ", "from ")
		c := change{thing: phraseAt(thing), old: phraseAt(old), value: phraseAt(m[2])}
		if c.thing == "" || c.value == "" {
			c.thing, c.value = "", ""
		}
		if c != (change{}) {
			out = append(out, c)
		}
	}
	for _, re := range []*lazyre.Regexp{replacedRe, droppedRe, droppedAsSubjectRe} {
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			if old := phraseAt(m[1]); old != "" {
				c := change{old: old}
				if re == replacedRe {
					c.with = phraseAt(m[2])
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// changeWords are the cheap test of changesIn: a text with none of them
// reports no change.
var changeWords = []string{" to ", "replac", "swap", "drop", "remov", "ditch", "rid of", "no longer", "stop",
	"rip", "retire", "instead", "done with", " off", "away from", "gone", "deprecat", " out", "delet"}

func mayReportChange(s string) bool {
	low := strings.ToLower(s)
	for _, w := range changeWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// phraseAt returns the thing named at the start of s, at most three
// words: after any determiner, up to a word that opens another part of the
// clause ("fmt" of "fmt from vcpkg.json") or a word that ends one. A
// pronoun or an adverb names nothing the reader can compare ("it", "back"
// in "moved back to"), so it gives "".
func phraseAt(s string) string {
	var words []string
	for i, w := range strings.Fields(s) {
		bare := strings.Trim(w, "`'\"()[]{}")
		end := strings.TrimRight(bare, ".,;:!?")
		low := strings.ToLower(end)
		if len(words) == 0 && determiners[low] && i < 3 {
			continue
		}
		if len(words) == 0 && (noThing[low] || text.IsStopWord(low)) || len(words) > 0 && phraseEnds[low] {
			break
		}
		if end != "" {
			words = append(words, end)
		}
		if end != bare || len(words) == 3 {
			break
		}
	}
	return strings.Join(words, " ")
}

var (
	determiners = text.WordSet(`the a an our my your their its his her all this that these those every each some`)
	noThing     = text.WordSet(`it them this that those these everything something anything nothing one back over out up
down here there away off on home things stuff him her me us you myself yourself ourselves themselves`)
	phraseEnds = text.WordSet(`to with from for in on at and or but so because as by over into onto now everywhere since
after before then when which that where while too also instead again already yet just still across per via`)
)

// stemSet returns the index terms of s as a set.
func stemSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range text.Analyze(s) {
		out[t] = true
	}
	return out
}

// names reports whether a text whose terms are words names phrase: every
// term of the phrase is among them.
func names(words map[string]bool, phrase string) bool {
	terms := text.Analyze(phrase)
	for _, t := range terms {
		if !words[t] {
			return false
		}
	}
	return len(terms) > 0
}

// phraseKey is the form in which two phrases are compared as setting keys
// or values: their terms, in order.
func phraseKey(phrase string) string { return strings.Join(text.Analyze(phrase), " ") }
