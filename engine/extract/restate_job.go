package extract

import "strings"

// jobNouns name a job by what it is, after the word that says which one: "the
// fintech job", "my agency position". Giving it up gives up the employer the
// other words name.
var jobNouns = set(`job position post role gig`)

// LeftJob reports a job given up ("User quit the fintech job") that ends the
// stored employer of the same subject it names ("User works remotely for a
// fintech startup"): the words before the job noun are among the employer's.
// A job named by its noun alone ("quit my job") names no employer, and is read
// by the employment rules.
func LeftJob(old, n Slot) bool {
	if n.Predicate != PredicateDisposed || old.Predicate != "works_at" || SubjectKey(old.Subject) != SubjectKey(n.Subject) ||
		strings.HasPrefix(old.Value, "not ") {
		return false
	}
	w := strings.Fields(normValue(n.Replaces))
	if len(w) < 2 || !jobNouns[w[len(w)-1]] {
		return false
	}
	name := strings.Join(w[:len(w)-1], " ")
	return strings.Contains(" "+normValue(old.Value)+" ", " "+name+" ")
}
