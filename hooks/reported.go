package hooks

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A service moved to another port is said with the new port alone: "move
// ours to 6543", and the agent reports "Local Postgres is on
// localhost:6543 now". As with a new time (retime.go), nothing names the
// old port, so the memory that stated it ("runs against Postgres on
// localhost:5433") stayed active beside the new one, and recall and session
// start showed both (the twelfth coding-sessions evaluation, cmd/memsvc).
//
// The sentence that sets the new port names what listens on it: the
// service ("Postgres is on …"), the file that publishes it. The stop hook
// tags the capture with those names (retired:#<name>), and recall and
// session start leave out a memory stated before that turn whose clause
// names one of them and states a port of its own (namesReported).

// reportMark starts a retired name that stands for a service's port: what
// retires is the port older memories give the name, not the name.
const reportMark = "#"

var (
	// statedPort is a port as a sentence states it: after a local host
	// ("localhost:6543", "127.0.0.1:8080") or the word port ("port 6380").
	statedPort = lazyre.New(`(?i)\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0):\d{2,5}\b|\bports?\s+\d{2,5}\b`)
	// portHolder is the word before "is/runs/listens on" a port: the
	// service that has it ("Local Postgres is on localhost:6543").
	portHolder = lazyre.New(`(?i)\b([A-Za-z][\w.-]{3,})\s+(?:now\s+)?(?:is|runs|listens|lives|serves)\s+` +
		`(?:now\s+)?(?:on|at)\s+(?:(?:local\s*host\s+)?port\s+\d|localhost:|127\.0\.0\.1:|0\.0\.0\.0:)`)
	// moved is what makes a sentence with a port a change rather than a
	// mention: "now", "move … to", "change", "switch", "instead".
	moved = lazyre.New(`(?i)\b(?:now|from now on|mov(?:e|ed|es|ing)|chang(?:e|ed|es|ing)|switch(?:ed|es|ing)?|instead)\b`)
)

// reportedNames returns, marked with reportMark, the names that the turn's
// sentences setting a new port (a port and a word of change) say have it
// (portNamesOf).
func reportedNames(user, reply string, retired []string) []string {
	return markNames(user, reply, retired, reportMark, func(cl string) []string {
		if !statedPort.MatchString(cl) || !moved.MatchString(cl) {
			return nil
		}
		return slices.DeleteFunc(portNamesOf(cl), func(name string) bool {
			return statedPort.MatchString(name) || strings.Contains(name, "://") // the port itself, not what has it
		})
	})
}

// portNamesOf returns what a clause setting a port says has it: the
// service before "is on" when one is named, else its inline code, words
// written as code and paths. A file named beside the service is where the
// change was made ("I changed docker-compose.yml so Redis is now on
// localhost:6380"), and tagged it would retire every other port the file
// publishes ("docker-compose.yml publishes Postgres on localhost:5433").
func portNamesOf(cl string) []string {
	var holders []string
	for _, m := range portHolder.FindAllStringSubmatch(cl, -1) {
		holders = append(holders, m[1])
	}
	if len(holders) > 0 {
		return holders
	}
	return scheduledNames(cl) // retime.go: code, paths, less times
}

// namesReported reports whether a clause of text names the service as a
// word and states a port: an older statement of where it listens.
func namesReported(text, name string) bool {
	word := serviceWord(name)
	return slices.ContainsFunc(clauses(text), func(cl string) bool {
		return word.MatchString(cl) && statedPort.MatchString(cl)
	})
}

// serviceWords holds the pattern of each service name as a word, compiled
// once: recall checks every memory against every retired name.
var serviceWords sync.Map // name -> *lazyre.Regexp

// serviceWord returns the pattern matching name as a word of its own.
func serviceWord(name string) *lazyre.Regexp {
	if re, ok := serviceWords.Load(name); ok {
		return re.(*lazyre.Regexp)
	}
	re := lazyre.New(`(?i)(?:^|[^\w])` + regexp.QuoteMeta(name) + `(?:$|[^\w])`)
	serviceWords.Store(name, re)
	return re
}
