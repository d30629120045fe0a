package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A schedule change is often said with the new time alone: "make it 23:30
// UTC the evening before", "move the daily DAG to 05:30 UTC", and the
// agent reports "`daily_sync` now runs at `30 5 * * *`". Nothing names the
// old time, so removal.go cuts nothing and retire.go retires nothing, and
// the memory that stated the old time ("The nightly DAG runs at 0 4 * * *")
// stayed active beside the new one: recall and session start showed both
// (the tenth and eleventh coding-sessions evaluations, cmd/memsvc).
//
// The sentence that sets the new time names what runs then: the job, the
// DAG, the file that schedules it. The stop hook tags the capture with
// those names (retired:@<name>), and recall and session start leave out a
// memory stated before that turn that names one of them and states a time
// of day of its own (namesRetimed): it can only be the old schedule, or the
// same one, which the newer memory states too.

// retimeMark starts a retired name that stands for a schedule: what
// retires is the time older memories give the name, not the name.
const retimeMark = "@"

var (
	// timeOfDay is a time as a schedule states it: "23:30", "2am", "7 pm",
	// a five-field cron expression ("30 5 * * *", "*/15 * * * *") or a
	// crontab call's hour ("crontab(hour=2").
	timeOfDay = lazyre.New(`(?i)\b(?:[01]?\d|2[0-3]):[0-5]\d\b|\b(?:1[0-2]|0?[1-9])\s?[ap]\.?m\b\.?|` +
		`(?:^|[\s"'` + "`" + `(])[\d*][\d*/,-]*(?:\s+[\d*][\d*/,-]*){4}(?:$|[\s"'` + "`" + `),.])|\bhour\s*=\s*\d`)
	// rescheduled is what makes a sentence with a time a change of
	// schedule rather than a mention of one: "now runs at", "move … to",
	// "make it", "reschedule", "from now on", "earlier", "instead".
	rescheduled = lazyre.New(`(?i)\b(?:now|from now on|mov(?:e|ed|es|ing)|make it|chang(?:e|ed|es|ing)|` +
		`reschedul\w*|switch(?:ed|es|ing)?|instead|earlier|later)\b`)
)

// statesTime reports whether s holds a time of day, not counting a file's
// line and column ("server.go:12:30", a position, not a time) or the end
// of an address and its port ("10.0.0.2:53", "v1.2:30").
func statesTime(s string) bool {
	for _, loc := range timeOfDay.FindAllStringIndex(s, -1) {
		if loc[0] >= 2 && (s[loc[0]-1] == ':' && isWordByte(s[loc[0]-2]) || s[loc[0]-1] == '.' && isDigitByte(s[loc[0]-2])) {
			continue
		}
		return true
	}
	return false
}

// isDigitByte reports an ASCII digit.
func isDigitByte(b byte) bool { return b >= '0' && b <= '9' }

// isWordByte reports an ASCII letter, digit or underscore.
func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// clauses splits text into its sentences, and each at a colon outside
// inline code: "Updated docs/deploy.md: the deploy is now at 16:00" ties
// the time to the deploy, not to the file.
func clauses(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		for _, sn := range sentences(line) {
			code, start := false, 0
			for i, r := range sn {
				switch {
				case r == '`':
					code = !code
				case !code && r == ':' && (i+1 == len(sn) || sn[i+1] == ' '):
					out = append(out, sn[start:i])
					start = i + 1
				}
			}
			out = append(out, sn[start:])
		}
	}
	return out
}

// Names a schedule change ties to its new time are at least minRetimedChars
// long, and at most maxRetimedNames are kept per turn.
const (
	minRetimedChars = 4
	maxRetimedNames = 4
)

// retimedNames returns, marked with retimeMark, the names that the turn's
// sentences setting a new time (a time of day and a word of change) say run
// at it: their inline code, words written as code and paths, less the time
// itself.
func retimedNames(user, reply string, retired []string) []string {
	return markNames(user, reply, retired, retimeMark, func(cl string) []string {
		if !statesTime(cl) || !rescheduled.MatchString(cl) {
			return nil
		}
		return scheduledNames(cl)
	})
}

// markNames adds to retired, marked with mark, the names namesOf finds in
// each clause of the turn, as many as fit (maxRetimedNames, tagFits), each
// once: retimedNames and reportedNames differ only in what they read.
func markNames(user, reply string, retired []string, mark string, namesOf func(cl string) []string) []string {
	var out []string
	for _, cl := range clauses(user + "\n" + reply) {
		for _, name := range namesOf(cl) {
			marked := mark + name
			if len(out) < maxRetimedNames && tagFits(append(retired, out...), marked) && !slices.Contains(out, marked) {
				out = append(out, marked)
			}
		}
	}
	return append(retired, out...)
}

// scheduledNames returns the names a sentence writes as code (inline code,
// snake_case, kebab-case, paths), those that are no time themselves.
func scheduledNames(sn string) []string {
	var out []string
	for _, m := range backticked.FindAllStringSubmatch(sn, -1) {
		out = append(out, m[1])
	}
	for _, w := range strings.Fields(backticked.ReplaceAllString(sn, " ")) {
		w = strings.TrimRight(strings.TrimLeft(w, identifierLead), identifierTail+")")
		if codeToken.MatchString(w) && !titleWords.MatchString(w) {
			out = append(out, w)
		}
	}
	return slices.DeleteFunc(out, func(n string) bool {
		return len(n) < minRetimedChars || timeOfDay.MatchString(n) || strings.ContainsAny(n, " (")
	})
}

// titleWords are capitalised words joined by hyphens, a range or a name in
// prose ("Mon-Thu", "Rhein-Main"), not code.
var titleWords = lazyre.New(`^[A-Z][a-z]*(?:-[A-Z][a-z]*)+$`)

// namesRetimed reports whether a clause of text names the scheduled name
// and states a time of day: an older statement of its schedule. A time in
// another clause is some other thing's ("`docker-compose.yml` pins
// postgres 16; the backup job runs at 3am").
func namesRetimed(text, name string) bool {
	low := strings.ToLower(name)
	return slices.ContainsFunc(clauses(text), func(cl string) bool {
		return strings.Contains(strings.ToLower(cl), low) && statesTime(cl)
	})
}
