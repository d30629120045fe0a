package service_test

import (
	"fmt"

	"github.com/memsvc/memsvc/engine"
)

// invertedWindows names every memory whose validity window closes before it
// opens. A supersede ends the old value where the new one begins, never
// before the old one began: an inverted window would hide the value from
// every as_of, as if it had never held. runScenarios checks it after every
// scenario, marked known or not.
func invertedWindows(all []*engine.Memory) []string {
	var problems []string
	for _, m := range all {
		if m.ValidTo != nil && m.ValidTo.Before(m.ValidFrom) {
			problems = append(problems, fmt.Sprintf("%q: window closes %s before it opens %s",
				m.Text, m.ValidTo.Format("2006-01-02"), m.ValidFrom.Format("2006-01-02")))
		}
	}
	return problems
}
