package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Chat strings ongoing activities together: "I'm learning welsh and also restoring a
// boat", "cycling to work, saving for a van". Each activity is a fact of its
// own, and the second shares the first's subject and "am": the first's verb and object
// are no part of it.

// progressiveJointRe is a joint followed by a second "-ing" verb: ", saving", " and also
// restoring".
var progressiveJointRe = lazyre.New(`(?i)(?:,\s+(?:and\s+)?|\s+and\s+)(?:(?:also|now|still|currently|even)\s+)?([a-z]{3,}ing)\s+\S`)

// splitProgressive splits a clause that states an ongoing activity at each joint followed
// by another: "I'm learning welsh and also restoring a boat" is "I'm learning welsh"
// and "I'm restoring a boat". A clause that leaves out its subject ("cycling to work,
// saving for …") splits the same way, each part without one.
func splitProgressive(s string) []string {
	subj, ok := progressiveSubject(s)
	if !ok {
		return []string{s}
	}
	for _, m := range progressiveJointRe.FindAllStringSubmatchIndex(s, -1) {
		verb := strings.ToLower(s[m[2]:m[3]])
		if m[0] <= len(subj) || activityless[verb] || insideParens(s[:m[0]]) {
			continue
		}
		if left := strings.Fields(s[len(subj):m[0]]); ingCount(left) > 1 || subj == "" && (hasFinite(left) || !strings.HasPrefix(s[m[0]:], ",")) {
			// "I'm focusing on better passing and making …": the second may pair with the
			// inner one. Without a subject, "Cooking and baking are …" and "Fixing it took
			// an hour, learning …" have a verb of their own: the "-ing" is their subject.
			return []string{s}
		}
		return append([]string{s[:m[0]]}, splitProgressive(subj+s[m[2]:])...)
	}
	return []string{s}
}

// progressiveSubject is what stands before the first "-ing" verb of a clause, "I'm " or "we
// are still ", or "" when the clause opens with it; ok is false when the clause states no
// ongoing activity of the speaker's.
func progressiveSubject(s string) (subj string, ok bool) {
	w := strings.Fields(s)
	for i, x := range w {
		l := strings.ToLower(x)
		switch {
		case i > 3:
			return "", false
		case len(l) > 5 && strings.HasSuffix(l, "ing") && !activityless[l]:
			if i > 0 && !progressiveAux(w[:i]) {
				return "", false
			}
			return strings.Join(w[:i], " ") + strings.Repeat(" ", min(i, 1)), true
		}
	}
	return "", false
}

// progressiveAux reports words that are a first-person subject and its "am" or "are",
// with an adverb perhaps: "I'm", "we are still".
func progressiveAux(w []string) bool {
	lw := make([]string, 0, len(w))
	for _, x := range w {
		if l := strings.ToLower(x); !adverbs[l] {
			lw = append(lw, l)
		}
	}
	switch strings.Join(lw, " ") {
	case "i'm", "im", "i am", "we're", "we are":
		return true
	}
	return false
}

// activityless words end in "-ing" and name a thing, not an activity.
var activityless = set(`thing something nothing everything anything morning evening wedding building ceiling spring
string ring king sibling pudding clothing during bring`)

// ingCount is how many words of w are "-ing" forms of activities.
func ingCount(w []string) int {
	n := 0
	for _, x := range w {
		if l := strings.ToLower(strings.Trim(x, ",.!?")); len(l) > 5 && strings.HasSuffix(l, "ing") && !activityless[l] {
			n++
		}
	}
	return n
}

// hasFinite reports a finite verb among w: an auxiliary, a third-person verb or a past.
func hasFinite(w []string) bool {
	for _, x := range w {
		l := strings.ToLower(strings.Trim(x, ",.!?"))
		if finiteAux[l] || modals[l] || likelyVerb(l) || irregularPast[l] || regularPast(l) {
			return true
		}
	}
	return false
}
