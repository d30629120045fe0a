package hooks

import (
	"slices"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
)

// When the agent carries out a change it reports what it took away: "I ran
// pod deintegrate and deleted the Podfile, so there's no pod install step
// anymore", "I removed .tflint.hcl and the tflint step", "the old default
// was redis://…", "now calls bun install instead of pnpm install". Such a
// sentence names the value the change replaced, and captured with the turn
// it outlived the convention: recall and session start showed the old
// tool's name beside the new one's, even after the reply was cut to its
// gist (reply.go), because the sentence is in the reply's first or only
// paragraph (the sixth coding-sessions evaluation, cmd/memsvc: "pod
// install" and "tflint" at session start and in recall).
// The stop hook drops these sentences from the agent's reply before it is
// captured; what was removed is in the repository's history, and what the
// user said about the change is captured whole.

var (
	// removalRe marks a sentence of the agent's reply that reports taking
	// something away or names what used to be.
	removalRe = lazyre.New(`(?i)\b(?:removed|removing|deleted|deleting|dropped|dropping|ripped out|ripping out|rips? out|tearing out|tore out|got rid of|` +
		`deintegrat\w*|uninstall(?:ed)?|replaced|replacing|no longer|anymore|(?:is|are) gone|` + leftBehind + `|` +
		`(?:was|were)(?:n't| not) carried over|(?:the|its|their) (?:old|previous|former)|previously|used to|` +
		`leftovers?|(?:goes|go|went) away|still (?:pointed|referenced|aliased|imported|called|used|read))\b`)
	// insteadRe starts the part of a sentence that names what the change
	// replaced: "calls bun install instead of pnpm install", "calls
	// recordError where it used captureException".
	// nowLead starts a clause saying what holds now, which makes the
	// clause before it what held until then: "the target called `fly
	// deploy`; it now runs `./deploy.sh`". Only the old value is cut, not
	// the clause: its subject says what "it" is ("stacks/data was sourcing
	// the rds module from main; it now uses ?ref=v2.3.1"), and with it cut
	// the memory no longer matched a prompt about stacks/data (the fourth
	// coding-sessions evaluation, cmd/memsvc).
	nowLead   = lazyre.New(`(?i)^(?:(?:it|they|this|that|these|those)\s+)?now\b`)
	insteadRe = lazyre.New(`(?i)\s*,?\s+\b(?:instead of|rather than|where (?:it|they|we|you) used)\b`)
)

// withoutRemovals returns the agent's reply s without the sentences that
// report what was removed or replaced, and with "instead of …" tails cut.
// Fenced code is kept as it is. When nothing of substance would be left,
// s is returned unchanged: a turn is never dropped for this.
func withoutRemovals(s string) string {
	out, _ := cutRemovals(s)
	if !strings.ContainsFunc(out, unicode.IsLetter) {
		return s
	}
	return out
}

// removalCut is a part cut from a sentence and the clause of that sentence
// kept beside it, if any ("Removed `redis-py`: the cache talks to Valkey
// through `valkey-py`, a drop-in fork of redis-py"): retire.go does not
// take a name the kept clause repeats as still in use.
type removalCut struct {
	text, kept string
}

// cutRemovals returns s without its removal sentences, "instead of …"
// tails and the old values of "…; it now …" (see nowLead), and what it cut
// (retire.go reads the names it holds). Fenced code is kept as it is and
// reports nothing.
func cutRemovals(s string) (string, []removalCut) {
	var b strings.Builder
	var removed []removalCut
	fenced := false
	for _, line := range strings.Split(s, "\n") {
		if fenceLine.MatchString(line) || fenced {
			if fenceLine.MatchString(line) {
				fenced = !fenced
			}
			b.WriteString(line + "\n")
			continue
		}
		kept, cut := keptSentences(line)
		removed = append(removed, cut...)
		if strings.TrimSpace(kept) != "" || strings.TrimSpace(line) == "" {
			b.WriteString(kept + "\n")
		}
	}
	return strings.TrimSpace(b.String()), removed
}

// listMark is the bullet or number a list item starts with.
var listMark = lazyre.New(`^\s*(?:[-*+]|\d+[.)])\s+`)

// keptSentences returns line without its removal sentences, keeping its
// list mark when anything of the item is left, and what it cut.
func keptSentences(line string) (string, []removalCut) {
	mark := listMark.FindString(line)
	var kept []string
	var cut []removalCut
	ss := sentences(line[len(mark):])
	for i := 0; i < len(ss); i++ {
		sn := ss[i]
		if releaseRemoval.MatchString(sn) {
			// Kept, and still read for the names it retires (retire.go).
			cut = append(cut, removalCut{text: sn, kept: sn})
			kept = append(kept, sn)
			continue
		}
		if head, tail, ok := insteadOfRemoved(sn); ok {
			cut = append(cut, removalCut{text: tail, kept: head})
			kept = append(kept, head)
			continue
		}
		if removalRe.MatchString(symptomGone.ReplaceAllString(sn, " ")) {
			k, c := splitRemoval(sn)
			for _, part := range c {
				cut = append(cut, removalCut{text: part, kept: strings.Join(k, " ")})
			}
			kept = append(kept, k...)
			continue
		}
		if i+1 < len(ss) {
			if now, ok := heldUntilNow(sn, ss[i+1]); ok {
				cut = append(cut, removalCut{text: sn})
				kept = append(kept, now)
				i++
				continue
			}
		}
		if loc := replacedTail(sn); loc != nil {
			cut = append(cut, removalCut{text: sn[loc[0]:]})
			sn = sn[:loc[0]] + sentenceEnd(sn)
		}
		kept = append(kept, sn)
	}
	if len(kept) == 0 {
		return "", cut
	}
	// A clause whose semicolon led to a dropped one ends the line: with the
	// semicolon left, the line reads as code and the reply as no prose.
	out := strings.Join(kept, " ")
	if strings.HasSuffix(out, ";") {
		out = strings.TrimSuffix(out, ";") + "."
	}
	return mark + out, cut
}

// A fix is reported as a symptom gone: "a 5-epoch run no longer
// diverges", "the importer no longer panics on an empty file". Nothing
// was taken away, and cut as a removal the sentence took with it what the
// fix was, which left a reply too short to keep beside the request.
// symptomGone is such a "no longer": before a verb of failing.
var symptomGone = lazyre.New(`(?i)\bno longer (?:fails?|crash(?:es)?|diverges?|panics?|times? out|hangs?|` +
	`errors?(?: out)?|breaks?|flakes?|leaks?|OOMs?|throws?|segfaults?|deadlocks?|stalls?|overflows?|warns?)\b`)

// insteadOfRemoved splits a sentence whose removal is said only in its
// "instead of …" tail ("Compose uses the compose compiler plugin instead of
// `kotlinCompilerExtensionVersion`, which is gone"): the head says what
// holds now and is kept, the tail is cut. Cut whole, the capture lost what
// the turn moved to (the nineteenth coding-sessions evaluation).
func insteadOfRemoved(sn string) (head, tail string, ok bool) {
	loc := replacedTail(sn)
	if loc == nil || removalRe.MatchString(sn[:loc[0]]) || !strings.ContainsFunc(sn[:loc[0]], unicode.IsLetter) {
		return "", "", false
	}
	return sn[:loc[0]] + sentenceEnd(sn), sn[loc[0]:], true
}

// replacedTail returns the span of sn's "instead of …" tail (insteadRe)
// when it names what a change replaced, nil when sn has none.
//
// A shortcut not taken is no such tail: "SwiftLint flagged one long line,
// which I wrapped rather than disabling the rule", "fixed the warnings
// instead of silencing them". It names no old value but the way the
// project does not want the thing done, which a later "can I just disable
// it?" asks for; cut, the capture kept only "which I wrapped" (the
// twenty-fourth coding-sessions evaluation, cmd/memsvc).
func replacedTail(sn string) []int {
	loc := insteadRe.FindStringIndex(sn)
	if loc == nil || shortcutNotTaken.MatchString(sn[loc[1]:]) {
		return nil
	}
	return loc
}

// shortcutNotTaken starts the tail of "instead of" or "rather than" that
// names a way of making a problem go away without fixing it.
var shortcutNotTaken = lazyre.New(`(?i)^\s*(?:just\s+)?(?:disabling|disable|silencing|silence|suppressing|suppress|ignoring|ignore|` +
	`skipping|skip|muting|mute|commenting\s+out|bypassing|bypass|hard-?coding|hardcoding|hiding|catching\s+and\s+ignoring)\b`)

// An upgrade's reply says what the new release took away and what the
// code does about it: "Kingfisher 8 removed `cancelOnDisappear`, so
// AvatarView dropped that call", "5.1 removed `index_together`, so Invoice
// declares `indexes = […]`", "Provider 5 no longer takes `acl`, so the
// bucket uses an ownership-controls resource". Those are no conventions the
// project left but what the upgrade demands, which a later prompt about
// the same error asks for; cut as removals, the capture kept only "now
// takes 8.1.0" (the eighteenth coding-sessions evaluation, cmd/memsvc).
// A sentence whose subject is a release (a version, after at most a few
// words of name) removing something is kept whole; what it removed is
// still retired. A bare number is a count ("3 removed fixtures"), not a release.
// The release may be the reason of the sentence's failure: "the build
// failed because Kingfisher 8 removed `cancelOnDisappear`, so …".
var releaseRemoval = lazyre.New(`(?i)(?:^\W*|\b(?:because|since)\s+)(?:(?:[\w.@/-]+\s+){1,3}v?\d+(?:\.\d+)*|v?\d+(?:\.\d+)+)(?:\.x)?\s+` +
	`(?:removed|removes|dropped|drops|deprecated|deprecates|no longer)\b`)

// A removal sentence often says in another clause what holds now: "cl-core
// no longer depends on anyhow: `frame.rs` returns a `FrameError` enum",
// "`Checkout.post` no longer calls the carrier: it queues `buy_label`",
// "Room and Hilt now run on KSP and the kapt plugin is removed". Cut whole,
// the capture kept only the reply's last words ("37 tests passed") and lost
// what the turn did, which later prompts ask about (the eleventh
// coding-sessions evaluation, cmd/memsvc). Such a sentence is split at a
// colon, and at an "and" that ends a clause saying what holds "now"; only
// the clauses that report the removal are cut. An "and" elsewhere joins
// what was removed ("Removed `tflint` and the tflint step", "the plugin and
// its catalog entry are removed") and splits nothing.

var (
	// colonBreak joins two clauses at a colon.
	colonBreak = lazyre.New(`:\s+`)
	// nowAndBreak is the "and" after a clause saying what holds now, before
	// a new subject: "… now run on KSP and the kapt plugin is removed". The
	// subject may be a name alone, before its verb: "… with `ky` now and
	// axios is removed" (cut whole, the capture lost what the client calls
	// the API with).
	nowAndBreak = lazyre.New(`(?i)\bnow\b[^:]*?(,?\s+and\s+)(?:(?:the|its|their|a|an|it|they)\b|` +
		"`?[\\w@./-]+`?\\s+(?:is|are|was|were|has been|have been|got)\\s)")
)

// splitRemoval returns the clauses of a removal sentence that report no
// removal, as one sentence, and those that do; the sentence whole as cut
// when all or none of its clauses report one.
func splitRemoval(sn string) (kept, cut []string) {
	var keep, drop []string
	removed := false
	for _, part := range splitAt(sn, outsideCode(sn, colonBreak.FindAllStringIndex(sn, -1))) {
		var breaks [][]int
		for _, loc := range nowAndBreak.FindAllStringSubmatchIndex(part, -1) {
			breaks = append(breaks, loc[2:4])
		}
		// What leads up to a colon before the removal introduces it
		// ("Swapped to Datadog: removed `UseAzureMonitor()`, …") and goes
		// with it; what follows the removal says what holds instead.
		removed = removed || removalRe.MatchString(part)
		for _, clause := range splitAt(part, breaks) {
			if removalRe.MatchString(clause) || !removed {
				drop = append(drop, clause)
			} else {
				keep = append(keep, clause)
			}
		}
	}
	if len(keep) == 0 || len(drop) == 0 {
		return nil, []string{sn}
	}
	return []string{strings.TrimRight(strings.Join(keep, " "), ".;!?,") + "."}, drop
}

// outsideCode returns the spans of locs that start outside s's inline
// code: the colon of "`{ \"tabs\": 1 }`" joins no clauses, and split there
// the capture kept half a code span and lost the sentence's start.
func outsideCode(s string, locs [][]int) [][]int {
	return slices.DeleteFunc(locs, func(loc []int) bool { return strings.Count(s[:loc[0]], "`")%2 == 1 })
}

// splitAt returns the non-empty parts of s between the spans of breaks.
func splitAt(s string, breaks [][]int) []string {
	var out []string
	at := 0
	for _, b := range append(breaks, []int{len(s), len(s)}) {
		if p := strings.TrimSpace(s[at:b[0]]); p != "" {
			out = append(out, p)
		}
		at = b[1]
	}
	return out
}

// heldUntilNow rewrites a clause naming an old value followed by one
// saying what holds now ("The `deploy` target called `fly deploy`;", "it
// now runs `./deploy.sh`.") as the subject doing what it does now ("The
// `deploy` target now runs `./deploy.sh`."); false when sn is not such a
// clause, or does not name both its subject and the value after its verb
// as code (retire.go's namesIn): "There was one `throw` left, in `load`;
// it now returns the error" has no subject "it" could stand for.
func heldUntilNow(sn, next string) (string, bool) {
	loc := nowLead.FindStringIndex(next)
	if !strings.HasSuffix(sn, ";") || loc == nil {
		return "", false
	}
	verbs := pastVerb.FindAllStringIndex(sn, -1)
	if len(verbs) == 0 {
		return "", false
	}
	verb := verbs[len(verbs)-1]
	subject := strings.TrimSpace(sn[:verb[0]])
	if len(namesIn(subject)) == 0 || len(namesIn(sn[verb[1]:])) == 0 {
		return "", false
	}
	return subject + " now" + next[loc[1]:], true
}

// sentenceEnd is the punctuation s ends with, if any.
func sentenceEnd(s string) string {
	s = strings.TrimSpace(s)
	if n := len(s); n > 0 && strings.ContainsRune(".;!?:", rune(s[n-1])) {
		return s[n-1:]
	}
	return ""
}

// sentences splits a line at the end of each sentence or semicolon clause,
// never inside `inline code` (a "trivy config ." ends no sentence).
func sentences(line string) []string {
	var out []string
	code := false
	start := 0
	for i, r := range line {
		switch {
		case r == '`':
			code = !code
		case !code && strings.ContainsRune(".;!?", r) && (i+1 == len(line) || line[i+1] == ' '):
			if sn := strings.TrimSpace(line[start : i+1]); sn != "" {
				out = append(out, sn)
			}
			start = i + 1
		}
	}
	if sn := strings.TrimSpace(line[start:]); sn != "" {
		out = append(out, sn)
	}
	return out
}
