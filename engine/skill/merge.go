package skill

import (
	"strings"
	"time"

	"github.com/memsvc/memsvc/text"
)

// MaxVersions caps a skill's version history; the oldest versions go first.
const MaxVersions = 20

// MergeInto updates skill s with procedure p, learned later from the
// memories sourceIDs, and returns the updated skill (s is not modified).
//
// The rule, step by step:
//  1. Each step of p is paired with an equal step of s (same words, or a
//     term overlap of at least 0.8), one to one, in order.
//  2. An unpaired step of p that contradicts an unpaired step of s replaces
//     it in place. A contradiction is the same action with a different
//     argument: the same first word (the verb) and either the same first
//     two words ("run make build" → "run make release", "use port 8080" →
//     "use port 9090"), or, in the same position between paired steps, a
//     term overlap of at least 0.5 ("run npm build" → "run yarn build").
//  3. Any other step of p is new: it is inserted after the step p had just
//     before it, so the order p teaches is kept ("build, push" + "build,
//     test, push" → "build, test, push").
//  4. Steps of s that p does not mention are kept: a later conversation
//     that skips a step does not delete it.
//
// When the steps change, the previous steps are kept as a Version (with the
// time they were last updated and their sources) and at most MaxVersions are
// kept. Triggers and source memory ids are unions (p's goal becomes a
// trigger), UpdatedAt is now, Uses is unchanged.
func MergeInto(s Skill, p Procedure, sourceIDs []string, now time.Time) Skill {
	out := s
	out.Versions = append([]Version(nil), s.Versions...)
	steps, changed := mergeSteps(s.Steps, p.Steps)
	if changed {
		out.Versions = append(out.Versions, Version{
			Steps:           append([]string(nil), s.Steps...),
			UpdatedAt:       s.UpdatedAt,
			SourceMemoryIDs: append([]string(nil), s.SourceMemoryIDs...),
		})
		if len(out.Versions) > MaxVersions {
			out.Versions = out.Versions[len(out.Versions)-MaxVersions:]
		}
	}
	out.Steps = steps
	triggers := append(append([]string(nil), p.Triggers...), Triggers(p.Goal)...)
	out.Triggers = unionFold(append([]string{}, s.Triggers...), triggers)
	out.SourceMemoryIDs = unionExact(append([]string{}, s.SourceMemoryIDs...), sourceIDs)
	if out.Name == "" {
		out.Name = capitalize(p.Goal)
	}
	out.UpdatedAt = now
	return out
}

// mergeSteps applies the MergeInto rule to step lists and reports whether
// the result differs from old.
func mergeSteps(old, add []string) ([]string, bool) {
	pair, repl := matchSteps(old, add)
	return weave(old, add, pair, repl)
}

// matchSteps pairs each new step with the old step it repeats (pair[i], or
// -1) and, when it repeats none, with the old step it contradicts in its
// place (repl[i], or -1).
func matchSteps(old, add []string) (pair, repl []int) {
	pair = make([]int, len(add)) // add[i] equals old[pair[i]], or -1
	used := make([]bool, len(old))
	for i, n := range add {
		pair[i] = -1
		for j, o := range old {
			if !used[j] && sameStep(n, o) {
				pair[i], used[j] = j, true
				break
			}
		}
	}
	repl = make([]int, len(add)) // add[i] replaces old[repl[i]], or -1
	for i := range add {
		repl[i] = -1
		if pair[i] < 0 {
			repl[i] = contradicted(add[i], old, used, slot(pair, i, len(old)))
		}
	}
	return pair, repl
}

// weave applies the new steps to old in order: a repeated step moves the
// insertion point to it, a contradicting step replaces its old one, any
// other step is inserted after the last step placed.
func weave(old, add []string, pair, repl []int) ([]string, bool) {
	type item struct {
		text string
		orig int // index in old, -1 for an inserted step
	}
	items := make([]item, len(old))
	for j, o := range old {
		items[j] = item{o, j}
	}
	at := func(orig int) int {
		for k, it := range items {
			if it.orig == orig {
				return k
			}
		}
		return -1
	}
	anchor, changed := -1, false
	for i, n := range add {
		switch {
		case pair[i] >= 0:
			anchor = at(pair[i])
		case repl[i] >= 0:
			anchor = at(repl[i])
			items[anchor].text, changed = n, true
		default:
			anchor++
			items = append(items[:anchor], append([]item{{n, -1}}, items[anchor:]...)...)
			changed = true
		}
	}
	out := make([]string, len(items))
	for k, it := range items {
		out[k] = it.text
	}
	return out, changed
}

// slot returns the range [lo, hi) of old positions between the old steps
// paired with the nearest paired steps before and after add[i].
func slot(pair []int, i, n int) [2]int {
	lo, hi := 0, n
	for k := i - 1; k >= 0; k-- {
		if pair[k] >= 0 {
			lo = pair[k] + 1
			break
		}
	}
	for k := i + 1; k < len(pair); k++ {
		if pair[k] >= 0 {
			hi = pair[k]
			break
		}
	}
	return [2]int{lo, hi}
}

// contradicted returns the index of the unused old step that step
// contradicts, preferring one in its slot, and marks it used; -1 if none.
func contradicted(step string, old []string, used []bool, sl [2]int) int {
	for pass := 0; pass < 2; pass++ {
		for j, o := range old {
			inSlot := j >= sl[0] && j < sl[1]
			if used[j] || (pass == 0) != inSlot {
				continue
			}
			if contradicts(step, o, inSlot) {
				used[j] = true
				return j
			}
		}
	}
	return -1
}

// sameStep reports two phrasings of one step: the same words, or a term
// overlap of at least 0.8.
func sameStep(a, b string) bool {
	wa, wb := stepWords(a), stepWords(b)
	if strings.Join(wa, " ") == strings.Join(wb, " ") {
		return true
	}
	return dice(termSet(a, nil), termSet(b, nil)) >= 0.8
}

// contradicts reports the same action with a different argument: the same
// first word and either the same first two words, or (sameSlot) a term
// overlap of at least 0.5.
func contradicts(a, b string, sameSlot bool) bool {
	wa, wb := stepWords(a), stepWords(b)
	if len(wa) == 0 || len(wb) == 0 || wa[0] != wb[0] || sameStep(a, b) {
		return false
	}
	if len(wa) >= 2 && len(wb) >= 2 && wa[1] == wb[1] {
		return true
	}
	return sameSlot && dice(set(wa), set(wb)) >= 0.5
}

// stepWords lower-cases a step into its words (text.Tokens), without
// articles.
func stepWords(s string) []string {
	var out []string
	for _, w := range text.Tokens(s) {
		if w != "a" && w != "an" && w != "the" {
			out = append(out, w)
		}
	}
	return out
}

func set(ws []string) map[string]bool {
	out := make(map[string]bool, len(ws))
	for _, w := range ws {
		out[w] = true
	}
	return out
}
